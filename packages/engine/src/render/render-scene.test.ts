import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { planScenes } from "../scenes/plan-scenes.ts";
import { templates } from "../scenes/templates.ts";
import { renderTemplateThumbnail } from "../scenes/thumbnail.ts";
import type { RGB } from "../types.ts";
import { coc } from "./raster.ts";
import { renderScene } from "./render-scene.ts";
import { sceneGeometry } from "./scene-geometry.ts";

const product = { colors: [[30, 60, 140] as RGB], aspectRatio: 0.6 };
const plans = (over: Partial<Parameters<typeof planScenes>[0]> = {}) =>
  planScenes({ seed: 4, count: 4, width: 192, height: 192, product, ...over });

function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe("renderScene", () => {
  it("is byte-identical for the same plan", async () => {
    const [plan] = plans({ prompt: "marble, golden hour" });
    const a = await renderScene(plan!);
    const b = await renderScene(structuredClone(plan!));
    expect(a.rgb.length).toBe(192 * 192 * 3);
    expect(a.rgb.equals(b.rgb)).toBe(true);
    expect(a.placement).toEqual(b.placement);
  });

  it("renders four visibly different variants of one request", async () => {
    for (const over of [{}, { templateId: "studio-white" }, { prompt: "on the beach" }]) {
      const scenes = await Promise.all(plans(over).map((p) => renderScene(p)));
      for (let i = 0; i < scenes.length; i++) {
        for (let j = i + 1; j < scenes.length; j++) {
          const si = scenes[i]!;
          const sj = scenes[j]!;
          const layoutOrLight =
            JSON.stringify(si.placement) !== JSON.stringify(sj.placement) ||
            si.light.shadowDir.x !== sj.light.shadowDir.x;
          expect(layoutOrLight).toBe(true);
          expect(meanAbsDiff(si.rgb, sj.rgb)).toBeGreaterThan(3);
        }
      }
    }
  });

  it("lights a flat lay's table brighter towards its light, as a window does", async () => {
    const [plan] = plans({ prompt: "flat lay on grey concrete" });
    expect(plan!.lying).toBe(true);
    // the same table lit from the left, then from the right: its left half against its right
    const leftMinusRight = async (azimuthDeg: number) => {
      const light = { ...plan!.light, azimuthDeg, gobo: "none" as const };
      const scene = await renderScene({ ...plan!, props: [], light });
      const mean = (x0: number, x1: number) => {
        let sum = 0;
        let n = 0;
        for (let y = 0; y < 192; y += 2)
          for (let x = x0; x < x1; x++, n++) sum += scene.rgb[(y * 192 + x) * 3 + 1]!;
        return sum / n;
      };
      return mean(0, 48) - mean(144, 192);
    };
    expect((await leftMinusRight(-60)) - (await leftMinusRight(60))).toBeGreaterThan(6);
  });

  it("after dark, lights the ground round the product's foot and leaves the rest of it dim", async () => {
    const [plan] = plans({ prompt: "on grey concrete", width: 256, height: 256 });
    expect(plan!.lying).toBeFalsy();
    // the floor at the foot against the floor in the frame's bottom corners
    const ground = async (pool: number) => {
      const light = { ...plan!.light, pool, gobo: "none" as const };
      const scene = await renderScene({ ...plan!, width: 256, height: 256, props: [], light });
      const { centerX, baseY } = scene.placement;
      const mean = (x0: number, x1: number, y0: number, y1: number) => {
        let sum = 0;
        let n = 0;
        for (let y = Math.max(0, y0); y < Math.min(256, y1); y++)
          for (let x = Math.max(0, x0); x < Math.min(256, x1); x++, n++)
            sum += scene.rgb[(y * 256 + x) * 3 + 1]!;
        return sum / n;
      };
      // (no product is drawn: the ground just in front of its foot)
      const foot = Math.round(baseY);
      const near = mean(Math.round(centerX - 8), Math.round(centerX + 8), foot + 2, foot + 10);
      const far = (mean(0, 24, 232, 256) + mean(232, 256, 232, 256)) / 2;
      return { far, near };
    };
    const day = await ground(0);
    const night = await ground(0.8);
    // at night the corners fall to about half their daylight, the foot keeps most of its light
    // (the pool once reached the whole frame: the corners kept all of their daylight)
    expect(night.far).toBeLessThan(day.far * 0.6);
    expect(night.near / night.far).toBeGreaterThan((day.near / day.far) * 1.2);
  });

  it("is not a flat gradient: sets have texture and structure", async () => {
    const scene = await renderScene(plans({ templateId: "marble-counter" })[0]!);
    const stats = await sharp(scene.rgb, { raw: { width: 192, height: 192, channels: 3 } }).stats();
    expect(stats.channels[0]!.stdev).toBeGreaterThan(8);
  });

  it.each([
    [1024, 1024],
    [1080, 1350],
    [1080, 1920],
    [1500, 1000],
  ])("puts the product's box inside a %i×%i frame for every template", async (width, height) => {
    for (const t of templates) {
      for (const ar of [0.4, 1, 2]) {
        const plans = planScenes({
          templateId: t.id,
          seed: 2,
          count: 4,
          width,
          height,
          product: { ...product, aspectRatio: ar },
        });
        for (const plan of plans) {
          const { placement: p } = sceneGeometry(plan);
          expect(p.centerX - p.maxWidth / 2, t.id).toBeGreaterThanOrEqual(0);
          expect(p.centerX + p.maxWidth / 2, t.id).toBeLessThanOrEqual(width);
          expect(p.baseY - p.maxHeight, t.id).toBeGreaterThanOrEqual(0);
          expect(p.baseY, t.id).toBeLessThanOrEqual(height);
          // the product is the hero: its larger side fills a good part of the frame's shorter
          // side (a story frame's height is not what a tall product is measured against)
          expect(Math.max(p.maxWidth, p.maxHeight) / Math.min(width, height), t.id).toBeGreaterThan(
            0.35,
          );
          expect(p.maxWidth / p.maxHeight).toBeCloseTo(ar, 0);
        }
      }
    }
    // and the renderer reports exactly that geometry
    const [plan] = planScenes({
      seed: 3,
      count: 1,
      width: Math.round(width / 8),
      height: Math.round(height / 8),
      product,
    });
    const scene = await renderScene(plan!);
    expect(scene.placement).toEqual(sceneGeometry(plan!).placement);
  });

  it("fills light, reflectivity and surface colour", async () => {
    const glossy = await renderScene(plans({ templateId: "glossy-mirror" })[0]!);
    expect(glossy.reflectivity).toBeGreaterThan(0.2);
    const matte = await renderScene(plans({ templateId: "minimal-beige" })[0]!);
    expect(matte.reflectivity).toBe(0);
    const { x, y } = matte.light.shadowDir;
    expect(Math.hypot(x, y)).toBeCloseTo(1, 1);
    expect(matte.light.elevationDeg).toBeGreaterThan(0);
    const [r, g, b] = matte.surfaceColor;
    // beige: warm, light
    expect(r).toBeGreaterThan(b);
    expect(r + g + b).toBeGreaterThan(300);
    const warm = await renderScene(plans({ prompt: "golden hour" })[0]!);
    expect(warm.light.color[0]).toBeGreaterThan(warm.light.color[2]);
  });

  it("casts shadows away from the light", async () => {
    const [left] = planScenes({
      templateId: "soft-grey",
      seed: 1,
      count: 1,
      width: 128,
      height: 128,
      product,
    });
    left!.light.azimuthDeg = -60;
    const fromLeft = await renderScene(left!);
    left!.light.azimuthDeg = 60;
    const fromRight = await renderScene(left!);
    expect(fromLeft.light.shadowDir.x).toBeGreaterThan(0.3);
    expect(fromRight.light.shadowDir.x).toBeLessThan(-0.3);
  });

  it("rejects what is not a scene plan", async () => {
    await expect(
      renderScene({ templateId: "x", variant: 0, seed: 0, width: 64, height: 64 }),
    ).rejects.toThrow(/scene plan/);
    await expect(renderScene({ ...plans()[0]!, width: 5 })).rejects.toThrow(/width/);
  });
});

describe("renderTemplateThumbnail", () => {
  it("renders a deterministic WebP of the template's set", async () => {
    const a = await renderTemplateThumbnail("marble-counter", 96);
    const b = await renderTemplateThumbnail("marble-counter", 96);
    expect(a.equals(b)).toBe(true);
    const meta = await sharp(a).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 96, 96]);
    const other = await renderTemplateThumbnail("neon-night", 96);
    expect(other.equals(a)).toBe(false);
    await expect(renderTemplateThumbnail("nope", 96)).rejects.toThrow(/unknown template/);
  });
});

describe("the lens's focus", () => {
  it("keeps the product's whole depth sharp, and blurs from there on as the lens does", () => {
    const focus = { at: 2, zone: 0.25 };
    // the product's front, middle and back, and the table beside them: all sharp
    for (const t of [1.75, 1.9, 2, 2.2, 2.25]) expect(coc(t, focus)).toBe(0);
    // past its back and before its front, blurred, more the further off
    expect(coc(2.5, focus)).toBeGreaterThan(0);
    expect(coc(3, focus)).toBeGreaterThan(coc(2.5, focus));
    expect(coc(1.5, focus)).toBeGreaterThan(0);
    // one plane in focus (no zone) blurs the product's own back
    expect(coc(2.25, { at: 2, zone: 0 })).toBeGreaterThan(0.2);
  });
});
