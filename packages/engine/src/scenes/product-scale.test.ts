// The set is built at the product's size: what it stands on, the textures' grain, the props'
// size and the depth of field follow the product the prompt names.
import { describe, expect, it } from "vitest";
import type { SetPlan } from "../render/set-plan.types.ts";
import { parsePrompt } from "./parse-prompt.ts";
import { planScenes } from "./plan-scenes.ts";
import { productScale, templateSuits } from "./product-scale.ts";
import { findTemplate } from "./templates.ts";

const plans = (prompt: string, seed = 1) =>
  planScenes({
    prompt,
    seed,
    count: 4,
    width: 512,
    height: 512,
    product: { colors: [[180, 40, 40]], aspectRatio: 1.6 },
  }) as SetPlan[];

const decorative = (p: SetPlan) =>
  p.props.filter((x) => !x.stage && (x.kind === "sphere" || x.kind === "box") && !x.glow);

describe("what the product stands on", () => {
  it("puts a car on the ground of a street or a hall, never on a stage or a counter", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const p of plans("a red car", seed)) {
        expect(p.layout).toBe("floor");
        expect(p.stageTop).toBe(0);
        const tpl = findTemplate(p.templateId)!;
        expect(templateSuits(tpl, "ground")).toBe(true);
        expect(tpl.tags).not.toContain("kitchen");
        expect(decorative(p)).toEqual([]);
      }
    }
  });

  it("puts a sofa on the floor of a room", () => {
    for (const p of plans("grey sofa, living room")) {
      expect(p.layout).toBe("floor");
      expect(p.brief?.stands).toBe("floor");
    }
  });

  it("puts on a room's floor what the brief puts on the floor, at its own size", () => {
    // (the floor was reported unused and the teddy stood on a table before the nursery)
    for (const prompt of ["teddy bear on a wooden floor in a nursery", "sneakers on the floor"]) {
      const s = productScale(parsePrompt(prompt));
      expect(s.stands, prompt).toBe("floor");
      expect(s.size, prompt).toBeLessThan(0.5);
      expect(parsePrompt(prompt).unused, prompt).toEqual([]);
    }
    expect(productScale(parsePrompt("毛绒玩具在儿童房的地板上")).stands).toBe("floor");
    expect(productScale(parsePrompt("teddy bear on a table in a nursery")).stands).toBe("table");
  });

  it("lays a garment the seller names flat, at its own length, shot from above", () => {
    // (a tank top read as a bed stood 2 m tall by a dining table; named, it is a flat lay)
    for (const prompt of [
      "white tank top on linen",
      "a t-shirt on the beach",
      "连衣裙 在木桌上",
      // laid on the floor, not stood up on it
      "毛衣 在木地板上",
    ]) {
      const s = productScale(parsePrompt(prompt));
      expect(s.lies, prompt).toBe(true);
      expect(s.size, prompt).toBeGreaterThanOrEqual(0.5);
      expect(parsePrompt(prompt).unused, prompt).toEqual([]);
      for (const p of plans(prompt)) {
        expect(p.lying, prompt).toBe(true);
        expect(p.camera.pitchDeg, prompt).toBeGreaterThanOrEqual(60);
        // as thin as cloth: its shadow is a garment's, not a book's
        expect(p.lyingThickness, prompt).toBeLessThan(0.05);
      }
    }
    // …on the wooden floor the brief names (木地板 is one word)
    expect(parsePrompt("毛衣 在木地板上").materials).toContain("wood");
    // picked by the seller beside the cut-out (no detector names a garment), the same
    expect(productScale(parsePrompt(""), { kind: "t-shirt", confidence: 1 })).toMatchObject({
      lies: true,
      stands: "table",
      size: 0.7,
    });
    // "top" alone is the word of "on top of" and "tabletop", never a garment
    expect(productScale(parsePrompt("on top of a marble table")).lies).toBeUndefined();
    expect(plans("on top of a marble table").some((p) => p.lying)).toBe(false);
  });

  it("follows the seller who asks for a counter: a model car", () => {
    const s = productScale(parsePrompt("a car on a kitchen counter"));
    expect(s).toMatchObject({ kind: "car", stands: "table", ratio: 1 });
  });

  it("tells the product from the place it stands on", () => {
    expect(productScale(parsePrompt("perfume on the sofa")).kind).toBe("perfume");
    expect(productScale(parsePrompt("a cushion on a sofa")).kind).toBeNull();
    expect(productScale(parsePrompt("口红放在沙发上")).kind).toBe("lipstick");
    expect(productScale(parsePrompt("沙发 客厅")).kind).toBe("sofa");
    // furniture right after the place's name is part of the place
    expect(productScale(parsePrompt("office desk")).kind).toBeNull();
    expect(productScale(parsePrompt("办公室 书桌")).kind).toBeNull();
    expect(productScale(parsePrompt("a desk, office")).kind).toBe("desk");
  });

  it("keeps the tabletop sets when the product is not named", () => {
    expect(productScale(parsePrompt("on marble with flowers"))).toMatchObject({
      kind: null,
      stands: "table",
      ratio: 1,
    });
    const layouts = new Set([1, 2, 3, 4, 5, 6].flatMap((s) => plans("", s).map((p) => p.layout)));
    expect([...layouts].some((l) => l !== "floor")).toBe(true);
  });
});

describe("the world at the product's size", () => {
  const sameSet = (prompt: string) => plans(`${prompt} on a white studio sweep`)[0]!;

  it("gives a car finer floor grain than a bottle, and a ring coarser", () => {
    const car = sameSet("car");
    const bottle = sameSet("bottle");
    const ring = sameSet("ring");
    expect(car.templateId).toBe(bottle.templateId);
    expect(car.floor.scale).toBeLessThan(bottle.floor.scale / 5);
    expect(ring.floor.scale).toBeGreaterThan(bottle.floor.scale * 3);
  });

  it("sizes the props to the product: flowers by a ring are larger, by a bicycle small", () => {
    const size = (prompt: string) => {
      const parts = plans(prompt).flatMap((p) => p.props.filter((x) => x.thing === "flowers"));
      expect(parts.length).toBeGreaterThan(0);
      return parts.reduce((a, x) => a + x.width, 0) / parts.length;
    };
    const ring = size("ring with flowers, studio");
    const bottle = size("bottle with flowers, studio");
    const bike = size("bicycle with flowers, studio");
    expect(ring).toBeGreaterThan(bottle);
    expect(bike).toBeLessThan(bottle / 2);
  });

  it("shoots a car with more depth of field than a ring", () => {
    const aperture = (prompt: string) =>
      plans(prompt).reduce((a, p) => a + p.camera.aperture, 0) / 4;
    expect(aperture("car in a studio")).toBeLessThan(aperture("ring in a studio") - 0.2);
  });
});
