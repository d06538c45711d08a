import { type ComfyTryOnConfig, comfyTryOnBackend } from "./comfyui-tryon.backend.ts";
import { type HostedTryOnConfig, hostedTryOnBackend } from "./hosted-tryon.backend.ts";
import type { TryOnBackend } from "./tryon.types.ts";

export * from "./tryon.types.ts";
export { type ComfyTryOnConfig, comfyTryOnBackend, type HostedTryOnConfig, hostedTryOnBackend };

export type TryOnConfig = ComfyTryOnConfig | HostedTryOnConfig;

/** The try-on backend the configuration names (the server reads it; the engine never does). */
export function createTryOnBackend(config: TryOnConfig): TryOnBackend {
  return config.kind === "comfyui" ? comfyTryOnBackend(config) : hostedTryOnBackend(config);
}
