// The GPU side of the studio (issue 22, decision 1100): one pool of COMFYUI_URLS servers shared by
// product scenes and the Clothing app's models, with the shipped workflows.
import type { TryOnBackend } from "@studio/engine";
import type { GpuSettings } from "../config.ts";
import type { RunnerLog } from "../modules/jobs/job-runner.ts";
import { type ComfyPool, createComfyPool } from "./comfyui-pool.ts";
import { pooledSceneBackend, pooledTryOnBackend } from "./pooled-backends.ts";
import { createSceneRunner, type SceneRunner } from "./scene-runner.ts";
import { shippedWorkflow } from "./workflows.ts";

export interface Gpu {
  pool: ComfyPool;
  /** null with SCENE_BACKEND=cpu */
  scenes: SceneRunner | null;
  tryOn: TryOnBackend;
  close(): void;
}

export function createGpu(settings: GpuSettings | undefined, log: RunnerLog): Gpu | null {
  if (!settings || settings.urls.length === 0) return null;
  const pool = createComfyPool(settings.urls, {
    log: (msg, fields) => log.info(fields, msg),
  });
  const timing = { timeoutMs: settings.timeoutMs };
  void pool.check();
  return {
    pool,
    scenes: settings.scenes
      ? createSceneRunner(pooledSceneBackend(pool, shippedWorkflow("product-scene"), timing), log)
      : null,
    tryOn: pooledTryOnBackend(
      pool,
      {
        newModel: shippedWorkflow("try-on-new-model"),
        keptModel: shippedWorkflow("try-on-kept-model"),
      },
      timing,
    ),
    close: () => pool.close(),
  };
}
