// The engine's painter and try-on interfaces, each call one job on the pool: the engine's ComfyUI
// clients speak to whichever server the pool hands out, so the code path to a real server, to
// the stand-in and to a server that replaced a failed one is the same.
import {
  comfyTryOnBackend,
  comfyUiBackend,
  type GenerativeBackend,
  type TryOnBackend,
} from "@studio/engine";
import type { ComfyPool } from "./comfyui-pool.ts";
import type { Workflow } from "./workflow-check.ts";

export interface PooledTiming {
  /** one image's limit on a server before the job moves on */
  timeoutMs: number;
  pollIntervalMs?: number;
}

export function pooledSceneBackend(
  pool: ComfyPool,
  workflow: Workflow,
  timing: PooledTiming,
): GenerativeBackend {
  return {
    name: "comfyui",
    // each shot is its own prompt on its own server: the engine sends them all at once
    concurrent: true,
    paintBackground: (req) =>
      pool.run(1, (url) =>
        comfyUiBackend({ kind: "comfyui", url, workflow, ...timing }).paintBackground(req),
      ),
  };
}

export function pooledTryOnBackend(
  pool: ComfyPool,
  workflows: { newModel: Workflow; keptModel: Workflow },
  timing: PooledTiming,
): TryOnBackend {
  return {
    name: "comfyui",
    tryOn: (req) =>
      pool.run(1, (url) =>
        comfyTryOnBackend({
          kind: "comfyui",
          url,
          workflow: workflows.newModel,
          keptWorkflow: workflows.keptModel,
          ...timing,
        }).tryOn(req),
      ),
  };
}
