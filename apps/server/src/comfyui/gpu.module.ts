// The GPU side of the studio (decision 1100): one pool of COMFYUI_URLS servers shared by
// product scenes and the Clothing app's models, with the shipped workflows.
import { getPreset, type TryOnBackend } from "@studio/engine";
import type { GpuSettings } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { GpuRunSeconds } from "../modules/generations/generation-queue.ts";
import type { RunnerLog } from "../modules/jobs/job-runner.ts";
import { type ComfyPool, createComfyPool } from "./comfyui-pool.ts";
import { databasePoolStore } from "./comfyui-servers.repository.ts";
import { databasePaintProgress, type PaintProgress } from "./paint-progress.repository.ts";
import { pooledSceneBackend, pooledTryOnBackend } from "./pooled-backends.ts";
import { createSceneRunner, type SceneRunner } from "./scene-runner.ts";
import { shippedWorkflow } from "./workflows.ts";

export interface Gpu {
  pool: ComfyPool;
  /** null with SCENE_BACKEND=cpu */
  scenes: SceneRunner | null;
  tryOn: TryOnBackend;
  /** the queue's ETA for a generation the pool will make (undefined: the CPU makes it) */
  runSeconds: GpuRunSeconds;
  /** how far the servers are with a generation's photos, for its status (any process) */
  paintProgress: PaintProgress;
  close(): void;
}

/** before any server measured itself: one SDXL image at 1024 px on a mid-range card */
const DEFAULT_SECONDS_PER_IMAGE = 12;

export function createGpu(settings: GpuSettings | undefined, log: RunnerLog, db: Db): Gpu | null {
  if (!settings || settings.urls.length === 0) return null;
  const pool = createComfyPool(settings.urls, {
    // health and seconds per image shared by the API and worker processes
    store: databasePoolStore(db),
    log: (msg, fields) => log.info(fields, msg),
  });
  const timing = { timeoutMs: settings.timeoutMs };
  const paintProgress = databasePaintProgress(db);
  void pool.check();
  // said where the operator turns GPUs on: the shipped try-on weights forbid selling the photos
  log.info(
    { urls: settings.urls },
    "GPU servers set: Clothing models use the shipped try-on workflows, whose CatVTON weights are " +
      "CC BY-NC-SA 4.0 (non-commercial); see apps/server/src/comfyui/workflows/README.md",
  );
  return {
    pool,
    scenes: settings.scenes
      ? createSceneRunner(
          pooledSceneBackend(pool, shippedWorkflow("product-scene"), timing),
          log,
          paintProgress,
        )
      : null,
    paintProgress,
    tryOn: pooledTryOnBackend(
      pool,
      {
        newModel: shippedWorkflow("try-on-new-model"),
        keptModel: shippedWorkflow("try-on-kept-model"),
      },
      timing,
    ),
    async runSeconds(row) {
      const onGpu =
        row.app === "clothing"
          ? row.clothing?.style === "model"
          : settings.scenes &&
            row.uploadId !== null &&
            getPreset(row.preset).background !== "white";
      if (!onGpu) return undefined;
      // what every process measured (the API process runs no job itself): a generation's images
      // are spread over the healthy servers, one each at a time; several generations share the
      // servers, which the queue's formula counts as its workers
      const up = (await pool.shared()).filter((s) => s.healthy);
      const measured = up.map((s) => s.secondsPerImage).filter((v): v is number => v !== undefined);
      const spi = measured.length
        ? measured.reduce((a, b) => a + b, 0) / measured.length
        : DEFAULT_SECONDS_PER_IMAGE;
      const rounds = Math.ceil(row.imageCount / Math.max(1, up.length));
      return Math.ceil(spi * rounds);
    },
    close: () => pool.close(),
  };
}
