// The try-on backend for clothing on human models (docs/decisions/0701).
import { readFileSync } from "node:fs";
import { ConfigError, type Env, int, str } from "./env-readers.ts";

export type TryOnSettings =
  | { kind: "comfyui"; url: string; workflow: Record<string, unknown>; timeoutMs: number }
  | { kind: "hosted"; url: string; apiKey: string | undefined; timeoutMs: number };

/**
 * TRYON_BACKEND=comfyui|hosted (unset: none, the Clothing app offers the CPU styles and says
 * models need a backend); TRYON_URL; TRYON_API_KEY (hosted); TRYON_WORKFLOW_FILE (comfyui: a
 * workflow in ComfyUI's API format); TRYON_TIMEOUT_SECONDS (default 180).
 */
export function tryOnConfig(env: Env): TryOnSettings | undefined {
  const kind = str(env, "TRYON_BACKEND");
  if (kind === undefined) return undefined;
  if (kind !== "comfyui" && kind !== "hosted") {
    throw new ConfigError("TRYON_BACKEND", `must be comfyui or hosted, got "${kind}"`);
  }
  const url = str(env, "TRYON_URL");
  if (!url || !/^https?:\/\/[^\s]+$/.test(url)) {
    throw new ConfigError("TRYON_URL", "must be the backend's http(s) address");
  }
  const timeoutMs = int(env, "TRYON_TIMEOUT_SECONDS", 180, 5, 3600) * 1000;
  if (kind === "hosted") return { kind, url, apiKey: str(env, "TRYON_API_KEY"), timeoutMs };
  const file = str(env, "TRYON_WORKFLOW_FILE");
  if (!file) throw new ConfigError("TRYON_WORKFLOW_FILE", "is needed with TRYON_BACKEND=comfyui");
  let workflow: unknown;
  try {
    workflow = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new ConfigError(
      "TRYON_WORKFLOW_FILE",
      `cannot be read as JSON: ${(err as Error).message}`,
    );
  }
  if (!workflow || typeof workflow !== "object" || Array.isArray(workflow)) {
    throw new ConfigError("TRYON_WORKFLOW_FILE", "must hold a workflow object (API format)");
  }
  return { kind, url, workflow: workflow as Record<string, unknown>, timeoutMs };
}
