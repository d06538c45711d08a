import type { BackendConfig, GenerativeBackend } from "./backend.types.ts";
import { comfyUiBackend } from "./comfyui.backend.ts";
import { openAiImagesBackend } from "./openai-images.backend.ts";

export type {
  BackendConfig,
  BackgroundRequest,
  ComfyUiConfig,
  GenerativeBackend,
  OpenAiImagesConfig,
} from "./backend.types.ts";
export { comfyUiBackend, openAiImagesBackend };

/** Pick the backend the configuration names (the server reads the config; the engine never does). */
export function createBackend(config: BackendConfig): GenerativeBackend {
  return config.kind === "comfyui" ? comfyUiBackend(config) : openAiImagesBackend(config);
}
