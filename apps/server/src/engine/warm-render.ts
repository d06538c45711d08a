// Throwaway renders at start: the first generation after a start was 1-2 s slower than the
// next (the sets' code compiled by V8 on first use, sharp's JPEG encoder set up). Four small
// outputs of a plain box took the same code paths for a fraction of the work, but left the
// first real render 0.4-0.7 s slower than the next (decision 0553): a set planned from a
// prompt, a photo-sized product scaled down, and the full 1024² frame's buffers were still
// new. Now a product-sized cut-out is rendered on two prompted sets, small then full size.
import { type Cutout, generateFromCutout } from "@studio/engine";
import { renderGeneration } from "../modules/generations/generation-output.ts";

/** a 96×128 box (ENGINE_WARM's first version: `warmRender({ full: false })`) */
function boxCutout(): Cutout {
  const width = 96;
  const height = 128;
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 16; y < 112; y++) {
    for (let x = 16; x < 80; x++) rgba.set([180, 60, 40, 255], (y * width + x) * 4);
  }
  return {
    width,
    height,
    rgba,
    bbox: { x: 16, y: 16, width: 64, height: 96 },
    colors: [[180, 60, 40]],
    method: "classical",
  };
}

/** a shaded bottle of a phone photo's cut-out size (480×640), soft-edged like a real matte */
function bottleCutout(): Cutout {
  const width = 480;
  const height = 640;
  const rgba = Buffer.alloc(width * height * 4);
  const cx = width / 2;
  for (let y = 40; y < 600; y++) {
    // a neck, a shoulder, a body
    const half = y < 160 ? 40 : y < 240 ? 40 + ((y - 160) / 80) * 110 : 150;
    for (let x = 0; x < width; x++) {
      const d = half - Math.abs(x - cx);
      if (d <= -1) continue;
      const shade = 0.55 + 0.45 * Math.cos(((x - cx) / half) * 1.2);
      const i = (y * width + x) * 4;
      rgba[i] = Math.round(40 + 120 * shade);
      rgba[i + 1] = Math.round(90 + 80 * shade);
      rgba[i + 2] = Math.round(60 + 50 * shade);
      rgba[i + 3] = d >= 1 ? 255 : Math.round(((d + 1) / 2) * 255);
    }
  }
  return {
    width,
    height,
    rgba,
    bbox: { x: cx - 151, y: 40, width: 302, height: 560 },
    colors: [
      [130, 160, 110],
      [60, 100, 70],
    ],
    method: "classical",
  };
}

/**
 * `full` (default): what a generation runs (renderGeneration, the web preset), four 384²
 * outputs of a flat lay, then two 1024² outputs of it standing on a plinth, from a photo-sized
 * cut-out (3-4 s of CPU with the pack); false: four 256² outputs of a box, as before decision
 * 0553 (ENGINE_WARM_FULL=false, for the bench's "before").
 */
export async function warmRender(opts: { full?: boolean } = {}): Promise<void> {
  if (opts.full === false) {
    await generateFromCutout(boxCutout(), { count: 4, width: 256, height: 256, seed: 7 });
    return;
  }
  const cut = bottleCutout();
  const job = { preset: "web", template: null, imageCount: 4 };
  // the small outputs lie flat: a top view has its own lighting pass and swept shadow, and with
  // only standing warm-ups a first real flat lay cost 1.1-1.9 s more CPU than the next (`raster`,
  // `shadowMap`, `dropShadowMap` unoptimised, twice the GC); the plinth below warms standing
  // products (decision 0555, fifth round)
  await renderGeneration(
    { ...job, prompt: "flat lay on linen, morning light", seed: 7 },
    { ...cut, seenFromAbove: true },
    384,
  );
  await renderGeneration(
    { ...job, prompt: "concrete plinth", seed: 11 },
    cut,
    undefined,
    [],
    [0, 1],
  );
}
