// The background painter on ComfyUI (protocol in comfyui-client.ts).
import { randomUUID } from "node:crypto";
import type { BackgroundRequest, ComfyUiConfig, GenerativeBackend } from "./backend.types.ts";
import { checkComfy, comfyRun, comfyUpload, fillWorkflow } from "./comfyui-client.ts";

export function comfyUiBackend(config: ComfyUiConfig): GenerativeBackend {
  checkComfy(config.url, config.workflow);
  return {
    name: "comfyui",
    async paintBackground(req: BackgroundRequest): Promise<Buffer> {
      const id = randomUUID();
      const image = await comfyUpload(config, req.image, `photoshoot-${id}.png`, req.signal);
      const mask = await comfyUpload(config, req.mask, `photoshoot-${id}-mask.png`, req.signal);
      const prompt = fillWorkflow(config.workflow, {
        image,
        mask,
        prompt: req.prompt,
        negative_prompt: req.negativePrompt ?? "",
        seed: req.seed,
        width: req.width,
        height: req.height,
      });
      return comfyRun(config, prompt, id, req.signal, (p) => req.onProgress?.(p.value / p.max));
    },
  };
}
