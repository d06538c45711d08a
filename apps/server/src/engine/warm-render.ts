// A throwaway render at start: the first generation after a start was 1-2 s slower than the
// next (the sets' code compiled by V8 on first use, sharp's JPEG encoder set up). Four small
// outputs of a plain box take the same code paths for a fraction of the work.
import { type Cutout, generateFromCutout } from "@studio/engine";

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

export async function warmRender(): Promise<void> {
  await generateFromCutout(boxCutout(), { count: 4, width: 256, height: 256, seed: 7 });
}
