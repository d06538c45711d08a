// Try-on on ComfyUI: a workflow the operator exports in API format (for example one built on
// an open try-on model such as IDM-VTON or CatVTON). String values equal to "{{garment}}",
// "{{model_reference}}" (an uploaded photo of the kept model, or "" for a new one),
// "{{model}}" (the model in words), "{{category}}", "{{prompt}}", "{{seed}}", "{{width}}" and
// "{{height}}" are filled in, and "{{garment_mask}}" (where the garment is worn, garment-mask.ts)
// when the workflow asks for it; the first image output is the answer. `keptWorkflow`, when
// given, serves kept models (their reference photo in, no new person drawn).
import { randomUUID } from "node:crypto";
import { checkComfy, comfyRun, comfyUpload, fillWorkflow } from "../backends/comfyui-client.ts";
import { garmentMask } from "./garment-mask.ts";
import { describeModel, type TryOnBackend, type TryOnRequest } from "./tryon.types.ts";

export interface ComfyTryOnConfig {
  kind: "comfyui";
  url: string;
  workflow: Record<string, unknown>;
  keptWorkflow?: Record<string, unknown>;
  pollIntervalMs?: number;
  timeoutMs?: number;
}

export function comfyTryOnBackend(config: ComfyTryOnConfig): TryOnBackend {
  checkComfy(config.url, config.workflow);
  return {
    name: "comfyui",
    async tryOn(req: TryOnRequest): Promise<Buffer> {
      const id = randomUUID();
      const garment = await comfyUpload(config, req.garment, `tryon-${id}-garment.png`, req.signal);
      const reference = req.model.reference
        ? await comfyUpload(
            config,
            req.model.reference,
            `tryon-model-${req.model.id}.png`,
            req.signal,
          )
        : "";
      const workflow =
        req.model.reference && config.keptWorkflow ? config.keptWorkflow : config.workflow;
      const mask = JSON.stringify(workflow).includes('"{{garment_mask}}"')
        ? await comfyUpload(
            config,
            await garmentMask(req.category, req.width, req.height),
            `tryon-${id}-mask.png`,
            req.signal,
          )
        : "";
      const prompt = fillWorkflow(workflow, {
        garment,
        garment_mask: mask,
        model_reference: reference,
        model: describeModel(req.model.choices),
        category: req.category,
        prompt: req.prompt,
        // the identity's seed keeps the same face and build; the output's seed varies the shot
        seed: (req.model.seed * 1_000_003 + req.seed) % 2 ** 31,
        width: req.width,
        height: req.height,
      });
      return comfyRun(config, prompt, id, req.signal);
    },
  };
}
