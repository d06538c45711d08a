import { describe, expect, it } from "vitest";
import { makeCamera, project } from "../render/camera.ts";
import type { RGB } from "../types.ts";
import { describePlan } from "./describe-plan.ts";
import { rgbToHsl } from "./palette.ts";
import { planScenes } from "./plan-scenes.ts";
import { checkTemplate, templateDefs, templates } from "./templates.ts";

const red: RGB = [200, 40, 40];
const req = (over: Partial<Parameters<typeof planScenes>[0]> = {}) => ({
  seed: 9,
  count: 4,
  width: 512,
  height: 512,
  product: { colors: [red], aspectRatio: 0.55 },
  ...over,
});

describe("templates", () => {
  it("has at least 24 templates with unique ids and names in English and Chinese", () => {
    expect(templates.length).toBeGreaterThanOrEqual(24);
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length);
    for (const t of templates) {
      expect(t.id).toMatch(/^[a-z0-9-]+$/);
      expect(t.name.en.length).toBeGreaterThan(2);
      expect(t.name.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(t.tags.length).toBeGreaterThan(0);
    }
  });

  it("refuses a mistyped row of the template tables, saying which and why", () => {
    const row = structuredClone(templateDefs[0]!) as unknown as Record<string, unknown>;
    expect(() => checkTemplate(row, "t.json row 1")).not.toThrow();
    row.backdrop = "swep";
    expect(() => checkTemplate(row, "t.json row 1")).toThrow(
      /t\.json row 1 \(studio-white\): backdrop/,
    );
  });

  it("plans every template", () => {
    for (const t of templates) {
      const plans = planScenes(req({ templateId: t.id }));
      expect(plans.map((p) => p.templateId)).toEqual([t.id, t.id, t.id, t.id]);
    }
  });
});

describe("planScenes", () => {
  it("is deterministic", () => {
    expect(planScenes(req({ prompt: "marble, golden hour" }))).toEqual(
      planScenes(req({ prompt: "marble, golden hour" })),
    );
  });

  it("gives four variants that differ in layout, props or light — not only hue", () => {
    for (const over of [
      {},
      { prompt: "on marble" },
      { templateId: "pastel-podium" },
      { templateId: "studio-white" },
    ]) {
      const plans = planScenes(req(over));
      expect(plans).toHaveLength(4);
      const shapes = plans.map((p) =>
        JSON.stringify([
          p.layout,
          p.props.map((x) => [x.kind, x.x.toFixed(2), x.z.toFixed(2)]),
          Math.round(p.light.azimuthDeg / 10),
        ]),
      );
      expect(new Set(shapes).size).toBe(4);
      const sides = new Set(plans.map((p) => Math.sign(p.light.azimuthDeg)));
      expect(sides.size).toBe(2);
    }
  });

  it("lays a product the photo looked down on in flat lays, whatever camera is named", () => {
    const top = { colors: [red], aspectRatio: 1.3, seenFromAbove: true };
    for (const p of planScenes(req({ product: top }))) expect(p.lying).toBe(true);
    for (const p of planScenes(req({ product: top, prompt: "eye level, on marble" })))
      expect(p.lying).toBe(true);
    // and says which camera it could not give
    expect(describePlan(req({ product: top, prompt: "eye level, on marble" })).unused).toContain(
      "eye-level",
    );
    expect(describePlan(req({ product: top, prompt: "close-up, on marble" })).unused).toEqual([]);
    // a flat lay asked for is the flat lay given, not a camera it could not give
    expect(describePlan(req({ product: top, prompt: "flat lay on marble" })).unused).toEqual([]);
    for (const p of planScenes(req({ product: top, prompt: "high angle, close-up" })))
      expect(p.lying).toBe(true);
    // a car seen from above is still a car on the ground
    const car = { ...top, detected: { kind: "car", confidence: 0.8 } };
    for (const p of planScenes(req({ product: car }))) expect(p.lying).toBeFalsy();
  });

  it("looks at a flat lay from a little short of overhead: its surface recedes", () => {
    // (straight down, the grain was one size edge to edge: "no perspective", round 31)
    const top = { colors: [red], aspectRatio: 1.3, seenFromAbove: true };
    for (const p of planScenes(req({ product: top, prompt: "on wooden planks" }))) {
      const cam = makeCamera(p, p.width, p.height);
      // a step across the ground, near the frame's top and near its bottom
      const across = (z: number) =>
        project(cam, 0.1, p.stageTop, z)[0] - project(cam, 0, p.stageTop, z)[0];
      const far = across(p.productSize.height * 0.6);
      const near = across(-p.productSize.height * 0.6);
      expect(far / near).toBeLessThan(0.9);
      expect(far / near).toBeGreaterThan(0.6);
    }
    // a flat lay asked for is shot from directly above
    for (const p of planScenes(req({ product: top, prompt: "flat lay on wooden planks" })))
      expect(p.camera.pitchDeg).toBe(90);
  });

  it("shoots a product photographed from the side from high up when a flat lay is asked", () => {
    const side = { colors: [red], aspectRatio: 0.8, seenFromSide: true };
    const prompt = "flat lay on pink paper";
    for (const p of planScenes(req({ product: side, prompt }))) {
      expect(p.lying).toBeFalsy();
      expect(p.brief?.shot).toBe("high");
    }
    expect(describePlan(req({ product: side, prompt })).unused).toContain("top-down");
    // and from high up, no arch against the wall: only its lower part shows, a hanging block
    for (let seed = 1; seed <= 6; seed++)
      for (const p of planScenes(req({ product: side, prompt, seed })))
        expect(p.layout, `seed ${seed}`).not.toBe("arch");
    // a photo that says nothing of its view (a plain backdrop) still lies in the flat lay
    const plain = { colors: [red], aspectRatio: 0.8 };
    for (const p of planScenes(req({ product: plain, prompt }))) expect(p.lying).toBe(true);
  });

  it("frames a small photo no larger than 1.5× its pixels, a large one as before", () => {
    const small = planScenes(
      req({
        width: 1024,
        height: 1024,
        product: { colors: [red], aspectRatio: 0.7, pixels: { width: 196, height: 280 } },
      }),
    );
    const large = planScenes(
      req({
        width: 1024,
        height: 1024,
        product: { colors: [red], aspectRatio: 0.7, pixels: { width: 1400, height: 2000 } },
      }),
    );
    const unknown = planScenes(
      req({ width: 1024, height: 1024, product: { colors: [red], aspectRatio: 0.7 } }),
    );
    for (const [k, p] of small.entries()) {
      expect(p.camera.fill * 1024).toBeLessThanOrEqual(1.5 * 280 + 1);
      expect(p.camera.fill).toBeGreaterThanOrEqual(0.3);
      expect(large[k]!.camera.fill).toBe(unknown[k]!.camera.fill);
      expect(large[k]!.camera.fill).toBeGreaterThan(p.camera.fill);
    }
  });

  it("changes with the seed", () => {
    expect(planScenes(req({ seed: 1 }))).not.toEqual(planScenes(req({ seed: 2 })));
  });

  it("without a prompt, separates the product from its backdrop", () => {
    const light = planScenes(req({ product: { colors: [[250, 250, 250]], aspectRatio: 0.6 } }));
    const dark = planScenes(req({ product: { colors: [[15, 15, 18]], aspectRatio: 0.6 } }));
    const lum = (c: RGB) => rgbToHsl(c)[2];
    // a white product never lands on a pure white sweep; a black one gets a light set
    for (const p of light) expect(lum(p.wall.color) < 0.9 || lum(p.floor.color) < 0.9).toBe(true);
    for (const p of dark) expect(lum(p.wall.color)).toBeGreaterThan(0.5);
  });

  it("puts a black product on a light set of the words asked for, unless dark was asked", () => {
    const black = { colors: [[15, 15, 18]] as RGB[], aspectRatio: 0.6 };
    for (const seed of [1, 2, 3, 9]) {
      const onMarble = planScenes(req({ seed, prompt: "eye level, on marble", product: black }));
      for (const p of onMarble) expect(p.templateId, `seed ${seed}`).not.toBe("black-marble");
    }
    const asked = planScenes(req({ prompt: "on black marble", product: black }));
    expect(asked.some((p) => p.templateId === "black-marble")).toBe(true);
  });

  it("derives pastel colours from a colourful product", () => {
    const plans = planScenes(req({ templateId: "pastel-podium" }));
    for (const p of plans) {
      const [h, s, l] = rgbToHsl(p.wall.color);
      expect(l).toBeGreaterThan(0.6);
      expect(s).toBeGreaterThan(0.1);
      // never the product's own red hue on the backdrop
      expect(Math.min(Math.abs(h - 0), Math.abs(h - 360))).toBeGreaterThan(20);
    }
  });

  it("raises tall products and lays wide ones on a surface, with a higher camera", () => {
    const tall = planScenes(
      req({ product: { colors: [red], aspectRatio: 0.35 }, templateId: "soft-grey" }),
    );
    const wide = planScenes(
      req({ product: { colors: [red], aspectRatio: 2.2 }, templateId: "soft-grey" }),
    );
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(wide.map((p) => p.camera.pitchDeg))).toBeGreaterThan(
      mean(tall.map((p) => p.camera.pitchDeg)),
    );
    expect(wide[0]!.productSize.width).toBeGreaterThan(wide[0]!.productSize.height);
  });

  it("never puts a prop in front of the product", () => {
    for (const t of templates) {
      for (const ar of [0.3, 1, 2.5]) {
        for (const p of planScenes(
          req({
            templateId: t.id,
            product: { colors: [red], aspectRatio: ar },
            width: 360,
            height: 640,
          }),
        )) {
          const { width, depth } = p.productSize;
          for (const x of p.props) {
            if (x.stage || x.y0 + x.height <= p.stageTop + 1e-6) continue;
            const half = x.kind === "box" || x.kind === "arch" ? x.width / 2 : x.radius;
            const halfDepth = x.kind === "box" ? x.depth / 2 : x.kind === "arch" ? 0 : x.radius;
            const behind = x.z - halfDepth >= depth / 2;
            const beside = Math.abs(x.x) - half >= width / 2;
            expect(behind || beside, `${t.id} ${x.kind}`).toBe(true);
          }
        }
      }
    }
  });

  it("validates the request", () => {
    expect(() => planScenes(req({ count: 0 }))).toThrow(/count/);
    expect(() => planScenes(req({ seed: -1 }))).toThrow(/seed/);
    expect(() => planScenes(req({ width: 10 }))).toThrow(/width/);
    expect(() => planScenes(req({ templateId: "nope" }))).toThrow(/unknown template/);
    expect(() => planScenes(req({ product: { colors: [[300, 0, 0]], aspectRatio: 1 } }))).toThrow(
      /colors/,
    );
    expect(() => planScenes(req({ product: { colors: [], aspectRatio: 0 } }))).toThrow(
      /aspectRatio/,
    );
  });
});
