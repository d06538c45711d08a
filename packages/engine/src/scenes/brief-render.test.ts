// The brief rendered: flat lays are seen from above with the product lying in the middle and
// props around it, outdoor scenery stands in depth behind the product, props are modelled in
// the set, and reference images steer the output (two different references, two different
// photographs). The product's own pixels stay untouched throughout (composite.test.ts).
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { syntheticPhoto } from "../../test/fixtures/synthetic-product.ts";
import { cutout } from "../cutout/cutout.ts";
import { generateFromCutout } from "../generate.ts";
import { decodeImage } from "../input/decode.ts";
import { readReference } from "../reference/read-reference.ts";
import { renderScene } from "../render/render-scene.ts";
import { sceneGeometry } from "../render/scene-geometry.ts";
import type { SetPlan } from "../render/set-plan.types.ts";
import { planScenes } from "./plan-scenes.ts";

const product = { colors: [[60, 90, 150]] as [number, number, number][], aspectRatio: 0.6 };
const plan = (prompt: string, count = 4, size = 256) =>
  planScenes({ prompt, seed: 3, count, width: size, height: size, product }) as SetPlan[];

async function cut() {
  const photo = await syntheticPhoto({ shape: "bottle", width: 240, height: 320 }, "png");
  return cutout(await decodeImage(photo.bytes), { method: "classical" });
}

/** mean absolute difference per channel between two encoded images of one size */
async function difference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const ra = await sharp(a).removeAlpha().raw().toBuffer();
  const rb = await sharp(b).removeAlpha().raw().toBuffer();
  let d = 0;
  for (let i = 0; i < ra.length; i++) d += Math.abs(ra[i]! - rb[i]!);
  return d / ra.length;
}

describe("flat lay", () => {
  it("looks straight down with the product lying in the frame and the props around it", () => {
    for (const p of plan("flat lay on pink paper with flowers")) {
      expect(p.lying).toBe(true);
      expect(p.camera.pitchDeg).toBe(90);
      const g = sceneGeometry(p);
      expect(g.lying).toBe(true);
      // the product's box is inside the frame, roughly centred
      expect(g.placement.baseY - g.placement.maxHeight).toBeGreaterThan(0);
      expect(g.placement.baseY).toBeLessThan(256);
      expect(Math.abs(g.placement.centerX - 128)).toBeLessThan(40);
      // flowers are modelled around the product, never on it
      const petals = p.props.filter((x) => x.kind === "ellipsoid");
      expect(petals.length).toBeGreaterThan(5);
      for (const x of petals)
        expect(
          Math.abs(x.x) > p.productSize.width / 2 || Math.abs(x.z) > p.productSize.height / 2,
        ).toBe(true);
      // the named colour is the surface
      expect(p.floor.color[0]).toBeGreaterThan(p.floor.color[2]);
    }
  });
});

describe("outdoor sets in depth", () => {
  it("stand scenery bands behind the product, snow-capped and lit at night when asked", async () => {
    const [p] = plan("in a snowy forest at night, christmas lights", 1);
    const layers = p!.outdoor!.layers!;
    expect(layers.length).toBeGreaterThanOrEqual(3);
    expect(layers.every((l, i) => i === 0 || l.z >= layers[i - 1]!.z)).toBe(true);
    expect(layers.some((l) => l.snow)).toBe(true);
    expect(layers.some((l) => l.kind === "bokeh")).toBe(true);
    expect(p!.props.some((x) => x.glow)).toBe(true);
    // and the render shows them: the top of the frame is not one flat colour
    const scene = await renderScene(p!);
    const top = scene.rgb.subarray(0, scene.width * 3 * Math.round(scene.height * 0.3));
    const lum = [] as number[];
    for (let i = 0; i < top.length; i += 3) lum.push(top[i]! + top[i + 1]! + top[i + 2]!);
    const mean = lum.reduce((a, b) => a + b, 0) / lum.length;
    const spread = Math.sqrt(lum.reduce((a, b) => a + (b - mean) ** 2, 0) / lum.length);
    expect(spread).toBeGreaterThan(12);
  });
});

describe("four photographs that differ", () => {
  it("render visibly different images for one request", async () => {
    const images = await generateFromCutout(await cut(), {
      prompt: "on marble",
      count: 4,
      seed: 2,
      width: 192,
      height: 192,
    });
    for (let i = 1; i < images.length; i++)
      expect(await difference(images[0]!.bytes, images[i]!.bytes)).toBeGreaterThan(6);
  });
});

describe("reference images", () => {
  it("steer the output: two very different references, two visibly different photographs", async () => {
    const warm = await sharp({
      create: { width: 200, height: 150, channels: 3, background: { r: 236, g: 150, b: 70 } },
    })
      .png()
      .toBuffer();
    // a cool, contrasty scene: dark blue with bright stripes (structure everywhere)
    const stripes = Buffer.from(
      `<svg width="240" height="160"><rect width="240" height="160" fill="#1c2a4a"/>${Array.from(
        { length: 12 },
        (_, i) =>
          `<rect x="${i * 20}" y="${(i * 37) % 120}" width="8" height="40" fill="#9fd0ff"/>`,
      ).join("")}</svg>`,
    );
    const cool = await sharp(stripes).png().toBuffer();
    const a = await readReference(warm);
    const b = await readReference(cool);
    expect(a.warmth).toBeGreaterThan(b.warmth);
    expect(a.plate).toBeUndefined();
    expect(b.plate).toBeDefined();
    const c = await cut();
    const req = { prompt: "on a table", count: 1, seed: 4, width: 192, height: 192 } as const;
    const [withA] = await generateFromCutout(c, { ...req, references: [a] });
    const [withB] = await generateFromCutout(c, { ...req, references: [b] });
    expect(await difference(withA!.bytes, withB!.bytes)).toBeGreaterThan(15);
    // several references combine: both palettes reach the plan
    const both = planScenes({
      prompt: "on a table",
      seed: 4,
      count: 1,
      width: 64,
      height: 64,
      product,
      references: [a, b],
    })[0] as SetPlan;
    expect(both.plate).toBeDefined();
  });
});
