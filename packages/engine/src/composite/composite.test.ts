import { describe, expect, it } from "vitest";
import { flatScene } from "../../test/fixtures/flat-scene.ts";
import { syntheticPhoto } from "../../test/fixtures/synthetic-product.ts";
import { cutout } from "../cutout/cutout.ts";
import { decodeImage } from "../input/decode.ts";
import type { Cutout } from "../types.ts";
import { compositeProduct } from "./composite.ts";
import { encodeImage } from "./encode.ts";
import { productLayer } from "./place.ts";

async function bottle(): Promise<{ cut: Cutout; photo: Buffer }> {
  const p = await syntheticPhoto({ shape: "bottle", width: 400, height: 500 });
  const img = await decodeImage(p.bytes);
  return { cut: await cutout(img, { method: "classical" }), photo: img.rgba };
}

describe("compositeProduct", { timeout: 60_000 }, () => {
  it("at scale 1, every opaque product pixel in the output is the photo's own pixel", async () => {
    const { cut, photo } = await bottle();
    const { bbox } = cut;
    const scene = flatScene(700, 700, {
      placement: { centerX: 350, baseY: 600, maxWidth: bbox.width, maxHeight: bbox.height + 40 },
      reflectivity: 0.5,
    });
    const r = await compositeProduct(scene, cut);
    expect(r.placement.scale).toBe(1);
    let checked = 0;
    let mismatches = 0;
    for (let y = 0; y < bbox.height; y++) {
      for (let x = 0; x < bbox.width; x++) {
        const src = ((bbox.y + y) * cut.width + bbox.x + x) * 4;
        if (cut.rgba[src + 3] !== 255) continue;
        const o = ((r.placement.y + y) * scene.width + r.placement.x + x) * 3;
        if (
          r.rgb[o] !== photo[src] ||
          r.rgb[o + 1] !== photo[src + 1] ||
          r.rgb[o + 2] !== photo[src + 2]
        ) {
          mismatches++;
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20_000);
    expect(mismatches).toBe(0);
    // ...and the PNG file keeps them byte for byte
    const png = await encodeImage(r.rgb, 700, 700, { format: "png" });
    const back = await decodeImage(png);
    let fileDiff = 0;
    for (let i = 0; i < 700 * 700 * 3; i++)
      if (back.rgba[Math.floor(i / 3) * 4 + (i % 3)] !== r.rgb[i]) fileDiff++;
    expect(fileDiff).toBe(0);
  });

  it("resized, every opaque pixel of the resized cut-out reaches the output unchanged", async () => {
    const { cut } = await bottle();
    const scene = flatScene(1024, 1024);
    const r = await compositeProduct(scene, cut);
    expect(r.placement.scale).toBeGreaterThan(1.2);
    const layer = await productLayer(cut, r.placement);
    let checked = 0;
    let mismatches = 0;
    let fringeChanged = 0;
    for (let y = 0; y < r.placement.height; y++) {
      for (let x = 0; x < r.placement.width; x++) {
        const li = (y * r.placement.width + x) * 4;
        const o = ((r.placement.y + y) * 1024 + r.placement.x + x) * 3;
        const same =
          r.rgb[o] === layer[li] &&
          r.rgb[o + 1] === layer[li + 1] &&
          r.rgb[o + 2] === layer[li + 2];
        if (layer[li + 3] === 255) {
          if (!same) mismatches++;
          checked++;
        } else if (layer[li + 3]! > 0 && !same) fringeChanged++;
      }
    }
    expect(checked).toBeGreaterThan(50_000);
    expect(mismatches).toBe(0);
    expect(fringeChanged).toBeGreaterThan(100); // the fringe is blended, so the test can tell
  });

  it("is byte-identical for the same inputs", async () => {
    const { cut } = await bottle();
    const scene = flatScene(640, 800, { reflectivity: 0.4 });
    const a = await compositeProduct(scene, cut);
    const b = await compositeProduct(flatScene(640, 800, { reflectivity: 0.4 }), cut);
    expect(a.rgb.equals(b.rgb)).toBe(true);
    const ja = await encodeImage(a.rgb, 640, 800);
    const jb = await encodeImage(b.rgb, 640, 800);
    expect(ja.equals(jb)).toBe(true);
  });

  it("casts the shadow away from the light and only darkens the set", async () => {
    const { cut } = await bottle();
    const right = flatScene(800, 800, {
      light: {
        shadowDir: { x: 1, y: -0.3 },
        elevationDeg: 30,
        softness: 0.2,
        color: [255, 255, 255],
      },
    });
    const left = flatScene(800, 800, {
      light: {
        shadowDir: { x: -1, y: -0.3 },
        elevationDeg: 30,
        softness: 0.2,
        color: [255, 255, 255],
      },
    });
    // (without the grain, which would blur what the shadow alone does)
    const bare = await compositeProduct(right, cut, { shadows: false, matchGrain: false });
    const r = await compositeProduct(right, cut, { matchGrain: false });
    const l = await compositeProduct(left, cut, { matchGrain: false });
    const { x, y, width, height } = r.placement;
    const darkness = (img: Buffer, x0: number, x1: number) => {
      let d = 0;
      for (let yy = y + height - 60; yy < y + height; yy++) {
        for (let xx = x0; xx < x1; xx++)
          d += bare.rgb[(yy * 800 + xx) * 3]! - img[(yy * 800 + xx) * 3]!;
      }
      return d;
    };
    const rightSide = [x + width + 10, Math.min(799, x + width + 200)] as const;
    const leftSide = [Math.max(0, x - 200), x - 10] as const;
    expect(darkness(r.rgb, ...rightSide)).toBeGreaterThan(3 * darkness(r.rgb, ...leftSide));
    expect(darkness(l.rgb, ...leftSide)).toBeGreaterThan(3 * darkness(l.rgb, ...rightSide));
    for (let i = 0; i < r.rgb.length; i++) {
      if (r.rgb[i]! > bare.rgb[i]!) throw new Error(`shadow brightened pixel ${i}`);
    }
  });

  it("grounds a standing product: the surface just under its base is its darkest shadow", async () => {
    const { cut } = await bottle();
    const scene = () =>
      flatScene(800, 800, {
        // light from straight above: the cast shadow falls under the product, not beside it
        light: {
          shadowDir: { x: 0, y: -1 },
          elevationDeg: 85,
          softness: 0.3,
          color: [255, 255, 255],
        },
      });
    const bare = await compositeProduct(scene(), cut, { shadows: false, matchGrain: false });
    const r = await compositeProduct(scene(), cut, { matchGrain: false });
    const { x, y, width, height } = r.placement;
    // the column under the middle of the base: darkest right under it, then quickly less
    const cx = x + Math.round(width / 2);
    const base = y + height;
    const drop = (yy: number) => bare.rgb[(yy * 800 + cx) * 3]! - r.rgb[(yy * 800 + cx) * 3]!;
    // the coarse contact shadow alone falls off by about 14 levels over those 5 px; the line
    // under the base by about 45
    expect(drop(base)).toBeGreaterThan(drop(base + 5) + 25);
  });

  it("only ever darkens the surface, even warm wood's blue under the base", async () => {
    const { cut } = await bottle();
    const warm = () => flatScene(600, 600, { surfaceColor: [150, 80, 20] });
    const bare = await compositeProduct(warm(), cut, { shadows: false, matchGrain: false });
    const r = await compositeProduct(warm(), cut, { matchGrain: false, lightWrap: false });
    const { x, y, width, height } = r.placement;
    let brighter = 0;
    for (let yy = y + height - 20; yy < Math.min(600, y + height + 40); yy++)
      for (let xx = Math.max(0, x - 20); xx < Math.min(600, x + width + 20); xx++)
        for (let ch = 0; ch < 3; ch++) {
          const i = (yy * 600 + xx) * 3 + ch;
          if (r.rgb[i]! > bare.rgb[i]! + 2) brighter++;
        }
    expect(brighter).toBe(0);
  });

  it("lays a flat lay's shadow on the side away from the light, hardly any towards it", async () => {
    const { cut } = await bottle();
    const light = { shadowDir: { x: 1, y: 0.2 }, elevationDeg: 45, softness: 0.5 };
    const scene = () =>
      flatScene(700, 700, { lying: true, light: { ...light, color: [255, 255, 255] } });
    const opts = { matchGrain: false, lightWrap: false, reflection: false } as const;
    const bare = await compositeProduct(scene(), cut, { ...opts, shadows: false });
    const r = await compositeProduct(scene(), cut, opts);
    const { x, y, width, height } = r.placement;
    // the darkening in a band 4-40 px beyond the product's left and right sides
    const band = (x0: number, x1: number) => {
      let d = 0;
      for (let yy = y + height * 0.3; yy < y + height * 0.7; yy++)
        for (let xx = x0; xx < x1; xx++) {
          const i = (Math.round(yy) * 700 + xx) * 3;
          d += bare.rgb[i]! - r.rgb[i]!;
        }
      return d;
    };
    const away = band(x + width + 4, x + width + 40);
    const towards = band(x - 40, x - 4);
    expect(away).toBeGreaterThan(0);
    // (34× here: the shadow starts at the edge and fades out within the product's thickness,
    // shorter than the band; the towards side keeps only the tight occlusion round the edge.
    // An all-round halo gave 31×, a shadow as wide towards the light as away 1×)
    expect(away).toBeGreaterThan(30 * towards);
    // and it starts at the edge: darkest right beside it, not a copy of the outline moved off
    // with lit surface between ("a strip of lit marble between the book and its shadow")
    expect(band(x + width + 1, x + width + 8) / 7).toBeGreaterThan(
      band(x + width + 20, x + width + 27) / 7,
    );
  });

  it("wraps only brighter light round the product's edge: a dark set lends it no colour", async () => {
    const { cut } = await bottle();
    const filled = (v: number) => {
      const s = flatScene(600, 600);
      s.rgb.fill(v);
      return s;
    };
    const opts = { shadows: false, matchGrain: false, reflection: false } as const;
    const fringeChange = async (v: number) => {
      const on = await compositeProduct(filled(v), cut, opts);
      const off = await compositeProduct(filled(v), cut, { ...opts, lightWrap: false });
      let up = 0;
      let down = 0;
      for (let i = 0; i < on.rgb.length; i++) {
        if (on.rgb[i]! > off.rgb[i]! + 1) up++;
        if (on.rgb[i]! < off.rgb[i]! - 1) down++;
      }
      return { up, down };
    };
    const dark = await fringeChange(10);
    expect(dark).toEqual({ up: 0, down: 0 });
    const bright = await fringeChange(250);
    expect(bright.up).toBeGreaterThan(50);
    expect(bright.down).toBe(0);
  });

  it("draws a reflection below the product only on reflective surfaces", async () => {
    const { cut } = await bottle();
    const matte = await compositeProduct(flatScene(600, 600), cut, { shadows: false });
    const gloss = await compositeProduct(flatScene(600, 600, { reflectivity: 0.8 }), cut, {
      shadows: false,
    });
    const { x, y, width, height } = matte.placement;
    let diff = 0;
    for (let yy = y + height + 2; yy < Math.min(600, y + height + 60); yy++) {
      for (let xx = x; xx < x + width; xx++)
        diff += Math.abs(matte.rgb[(yy * 600 + xx) * 3 + 1]! - gloss.rgb[(yy * 600 + xx) * 3 + 1]!);
    }
    expect(diff / (58 * width)).toBeGreaterThan(5);
  });
});
