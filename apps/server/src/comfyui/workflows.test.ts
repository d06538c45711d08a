import { describe, expect, it } from "vitest";
import { checkWorkflow, nodeList } from "./workflow-check.ts";
import { SHIPPED_WORKFLOWS, shippedWorkflow } from "./workflows.ts";

describe("shipped ComfyUI workflows", () => {
  for (const name of SHIPPED_WORKFLOWS) {
    it(`${name}: every node type, input and link is one the node list holds`, () => {
      expect(checkWorkflow(shippedWorkflow(name), nodeList(), { templates: true })).toEqual([]);
    });
  }

  it("the scene workflow takes the plan's prompt and negative prompt, the guide and the mask", () => {
    const text = JSON.stringify(shippedWorkflow("product-scene"));
    for (const slot of ["prompt", "negative_prompt", "image", "mask", "seed"]) {
      expect(text).toContain(`"{{${slot}}}"`);
    }
  });

  it("the try-on workflows take the garment, its mask, the model and the seed", () => {
    expect(JSON.stringify(shippedWorkflow("try-on-new-model"))).toContain('"{{model}}"');
    expect(JSON.stringify(shippedWorkflow("try-on-kept-model"))).toContain('"{{model_reference}}"');
    for (const name of ["try-on-new-model", "try-on-kept-model"] as const) {
      const text = JSON.stringify(shippedWorkflow(name));
      for (const slot of ["garment", "garment_mask", "seed"]) expect(text).toContain(`{{${slot}}}`);
    }
  });

  it("finds what a real server would refuse", () => {
    const wf = shippedWorkflow("product-scene");
    wf["8"]!.inputs = { ...wf["8"]!.inputs, sampler_name: "warp_drive", extra: 1 };
    delete wf["8"]!.inputs.steps;
    wf["9"]!.inputs = { ...wf["9"]!.inputs, samples: ["2", 0] };
    wf["11"] = { class_type: "MagicNode", inputs: {} };
    const problems = checkWorkflow(wf, nodeList(), { templates: true });
    expect(problems.join("\n")).toMatch(/missing input "steps"/);
    expect(problems.join("\n")).toMatch(/unknown input "extra"/);
    expect(problems.join("\n")).toMatch(/warp_drive/);
    expect(problems.join("\n")).toMatch(/wants LATENT but node 2 output 0 is CONDITIONING/);
    expect(problems.join("\n")).toMatch(/unknown class_type "MagicNode"/);
  });
});
