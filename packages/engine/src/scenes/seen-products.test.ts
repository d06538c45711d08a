// A kind read from the photo plans the set as the same product named in the prompt would; a
// prompt that names a product wins; no kind keeps the tabletop sets.
import { describe, expect, it } from "vitest";
import type { SetPlan } from "../render/set-plan.types.ts";
import type { DetectedProduct } from "../types.ts";
import { describePlan } from "./describe-plan.ts";
import { parsePrompt } from "./parse-prompt.ts";
import { planScenes } from "./plan-scenes.ts";
import { productScale, templateSuits } from "./product-scale.ts";
import { findTemplate } from "./templates.ts";

const request = (prompt: string, detected?: DetectedProduct, seed = 1) => ({
  prompt,
  seed,
  count: 4,
  width: 512,
  height: 512,
  product: {
    colors: [[150, 150, 160] as const],
    aspectRatio: 1.8,
    ...(detected ? { detected } : {}),
  },
});
const plans = (prompt: string, detected?: DetectedProduct, seed = 1) =>
  planScenes(request(prompt, detected, seed)) as SetPlan[];

const car = { kind: "car", confidence: 0.66 };

describe("the product read from the photo", () => {
  it("stands a car seen in the photo on the ground of a street or a hall, at its size", () => {
    expect(productScale(parsePrompt(""), car)).toMatchObject({
      kind: "car",
      source: "photo",
      confidence: 0.66,
      size: 4.5,
      stands: "ground",
    });
    for (const seed of [1, 2, 3]) {
      for (const p of plans("", car, seed)) {
        expect(p.layout).toBe("floor");
        expect(p.stageTop).toBe(0);
        expect(p.brief?.stands).toBe("ground");
        expect(templateSuits(findTemplate(p.templateId)!, "ground")).toBe(true);
      }
    }
  });

  it("puts a bicycle on the ground and a sofa on a floor, never on a podium", () => {
    for (const p of plans("", { kind: "bicycle", confidence: 0.7 })) {
      expect(p.brief?.stands).toBe("ground");
      expect(p.layout).toBe("floor");
    }
    for (const p of plans("", { kind: "sofa", confidence: 0.7 })) {
      expect(p.brief?.stands).toBe("floor");
      expect(p.stageTop).toBe(0);
    }
  });

  it("keeps a bottle on a table", () => {
    const s = productScale(parsePrompt(""), { kind: "bottle", confidence: 0.5 });
    expect(s).toMatchObject({ kind: "bottle", source: "photo", stands: "table" });
  });

  it("lets the prompt win: the product it names, or the counter it asks for", () => {
    expect(productScale(parsePrompt("a perfume bottle on marble"), car)).toMatchObject({
      kind: "perfume",
      source: "prompt",
      confidence: 1,
      stands: "table",
    });
    // a car the seller names on a kitchen counter is a model car; one only seen in the photo
    // is a real car, on the ground whatever the prompt asks (issue 28)
    expect(productScale(parsePrompt("a car on a kitchen counter"), car)).toMatchObject({
      kind: "car",
      source: "prompt",
      stands: "table",
      ratio: 1,
    });
    expect(productScale(parsePrompt("on a kitchen counter"), car)).toMatchObject({
      kind: "car",
      source: "photo",
      stands: "ground",
    });
  });

  it("keeps today's sets without a kind, or with one this engine does not know", () => {
    const none = { kind: null, source: null, confidence: null, stands: "table", ratio: 1 };
    expect(productScale(parsePrompt(""))).toMatchObject(none);
    expect(productScale(parsePrompt(""), { kind: "spaceship", confidence: 0.9 })).toMatchObject(
      none,
    );
    expect(plans("").map((p) => p.templateId)).toEqual(
      plans("", { kind: "spaceship", confidence: 0.9 }).map((p) => p.templateId),
    );
  });

  it("says in the plan where the kind came from and what each shot stands it on", () => {
    const seen = describePlan(request("", car));
    expect(seen.understood.product).toMatchObject({
      kind: "car",
      source: "photo",
      confidence: 0.66,
      stands: "ground",
    });
    expect(seen.shots.every((s) => s.stands === "ground" && s.layout === "floor")).toBe(true);
    const typed = describePlan(request("a red sofa", car));
    expect(typed.understood.product).toMatchObject({ kind: "sofa", source: "prompt" });
  });
});
