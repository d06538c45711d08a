// Issue 28: a vehicle read from the photo stands on the ground of an outdoor or hall set at
// real scale in every shot, whatever the prompt's setting or the template; furniture on a
// floor; small things on a table; and a prompt that names the product still wins.
import { describe, expect, it } from "vitest";
import { sceneGeometry } from "../render/scene-geometry.ts";
import type { DetectedProduct, PlanRequest } from "../types.ts";
import { describePlan } from "./describe-plan.ts";
import { planScenes } from "./plan-scenes.ts";
import { templateSuits } from "./product-scale.ts";
import { templateDefs } from "./templates.ts";

const PROMPTS = [
  undefined,
  "desert dunes at sunset, long shadows",
  "on a podium",
  "on a pink podium with spheres and boxes",
  "on a marble plinth",
  "on a wooden table",
  "on a kitchen counter",
  "on a shelf",
  "in a kitchen, morning light",
  "in a bathroom spa",
  "in a cozy living room",
  "cafe table with coffee beans",
  "on a beach",
  "snowy forest",
  "city street at night",
  "flat lay on pink paper",
  "studio, white background",
  "在厨房的台面上",
  "沙漠 日落",
];

const req = (detected: DetectedProduct, over: Partial<PlanRequest> = {}): PlanRequest => ({
  seed: 3,
  count: 4,
  width: 512,
  height: 512,
  product: { colors: [[230, 230, 235]], aspectRatio: 2.2, detected },
  ...over,
});

const onGround = (r: PlanRequest, label: string) => {
  const plans = planScenes(r);
  expect(plans).toHaveLength(4);
  for (const p of plans) {
    expect(p.layout, label).toBe("floor");
    expect(p.stageTop, label).toBe(0);
    expect(
      p.props.some((x) => x.stage),
      label,
    ).toBe(false);
    expect(p.brief?.stands, label).toBe("ground");
  }
  return plans;
};

describe("a vehicle read from the photo", () => {
  for (const kind of ["car", "truck", "motorcycle", "bicycle"])
    for (const source of ["photo", "shape"] as const)
      it(`${kind} (${source}) stands on the ground in all four shots, for every prompt`, () => {
        for (const prompt of PROMPTS) {
          const plans = onGround(
            req({ kind, confidence: 0.45, source }, prompt ? { prompt } : {}),
            `${kind} "${prompt}"`,
          );
          // an outdoor or hall set, never a counter's
          for (const p of plans)
            expect(
              templateSuits(templateDefs.find((t) => t.id === p.templateId)!, "ground"),
              `${kind} "${prompt}" ${p.templateId}`,
            ).toBe(true);
        }
      });

  it("stands on the ground on every template the seller may pin, at real scale", () => {
    for (const t of templateDefs)
      for (const prompt of [undefined, "on a podium", "on a kitchen counter"]) {
        onGround(
          req(
            { kind: "car", confidence: 0.5 },
            { templateId: t.id, ...(prompt ? { prompt } : {}) },
          ),
          `${t.id} "${prompt}"`,
        );
      }
    const d = describePlan(req({ kind: "car", confidence: 0.5 }, { prompt: "on a podium" }));
    expect(d.understood.product).toMatchObject({ kind: "car", source: "photo", stands: "ground" });
    expect(d.understood.product.sizeCm).toBeGreaterThanOrEqual(400);
  });

  it("keeps an unsure kind with its confidence, and says how it was known", () => {
    const d = describePlan(req({ kind: "box", confidence: 0.36, source: "shape" }));
    expect(d.understood.product).toMatchObject({ kind: "box", source: "shape", confidence: 0.36 });
    expect(d.understood.product.stands).toBe("table");
  });
});

describe("the kind decides the set", () => {
  it("furniture read from the photo stands on a floor, even when a podium is asked", () => {
    for (const prompt of [undefined, "on a podium", "in a cozy living room"]) {
      const plans = planScenes(req({ kind: "sofa", confidence: 0.6 }, prompt ? { prompt } : {}));
      for (const p of plans) {
        expect(p.layout).toBe("floor");
        expect(p.brief?.stands).toBe("floor");
      }
    }
  });

  it("a small thing stands on a table at tabletop scale", () => {
    const d = describePlan(req({ kind: "banana", confidence: 0.5 }, { prompt: "on a podium" }));
    expect(d.understood.product).toMatchObject({ kind: "banana", stands: "table" });
    expect(d.understood.product.sizeCm).toBeLessThan(40);
    expect(d.shots.some((s) => s.layout !== "floor")).toBe(true);
  });

  it("a prompt that names the product wins over the photo", () => {
    const d = describePlan(
      req({ kind: "car", confidence: 0.7 }, { prompt: "a model car on a pink podium" }),
    );
    expect(d.understood.product).toMatchObject({ source: "prompt", stands: "table" });
    const mug = describePlan(req({ kind: "car", confidence: 0.7 }, { prompt: "a mug on oak" }));
    expect(mug.understood.product).toMatchObject({ kind: "mug", source: "prompt" });
  });

  it("frames a car nearer or farther shot by shot, never the same size in all four", () => {
    // a car is framed by its width: at one share of it for every view, the four photos of a
    // mountain road showed one car, one size, one place
    for (const prompt of ["on a mountain road at sunset", "city street at night", undefined]) {
      const widths = planScenes(req({ kind: "car", confidence: 0.8 }, { prompt })).map(
        (p) => sceneGeometry(p).placement.maxWidth / p.width,
      );
      expect(Math.max(...widths) / Math.min(...widths), prompt).toBeGreaterThanOrEqual(1.25);
      // the whole car stays in the frame, with air at its sides
      expect(Math.max(...widths), prompt).toBeLessThanOrEqual(0.86);
    }
  });
});
