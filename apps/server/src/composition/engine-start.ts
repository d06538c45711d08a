// The engine a process runs jobs with, made from its config, and started as early as the
// process can start it. main.ts starts it before it opens the database: PGlite's open and the
// migrations take 4-10 s of the main thread on a first start, and the engine's threads load and
// run ISNet's sessions and the detector meanwhile; the pipeline then warms the render once the
// photographic pack is known and preloaded (docs/decisions/0555).
import type { GenerationsConfig } from "../config.ts";
import { createInProcessEngine, type StudioEngine } from "../engine/engine-adapter.ts";
import { createThreadEngine } from "../engine/engine-thread.ts";
import type { RunnerLog } from "../modules/jobs/job-runner.ts";

/** the engine per ENGINE_THREAD and ENGINE_THREADS (decisions 0550, 0553) */
export function createEngine(g: GenerationsConfig, log: RunnerLog): StudioEngine {
  if (!g.engineThread) return createInProcessEngine({ isnetThreads: g.engineThreads });
  return createThreadEngine({
    onError: (err) => log.error({ err }, "engine thread crashed"),
    log,
    ...(g.engineThreads
      ? { isnetThreads: g.engineThreads, renderThreads: g.engineThreads > 1 ? 2 : 1 }
      : {}),
  });
}

/** the full warm-up of a process that runs jobs (ENGINE_WARM, ENGINE_FAST, ENGINE_WARM_FULL) */
export const warmsInParts = (g: GenerationsConfig) =>
  g.runJobs && g.engineWarm && g.engineFast && g.engineWarmFull;

export interface EarlyEngine {
  engine: StudioEngine;
  /** the models' warm-up, started now; the pipeline awaits it before /api/ready says ready */
  models: Promise<void>;
  /** where the engine's log lines go once the app's logger exists (errors before: stderr) */
  attachLog(log: RunnerLog): void;
}

/**
 * The engine, its threads started and its models warming, before the database is opened; null
 * where the process runs no jobs, warms nothing, or keeps the warm-up of before 0555
 * (ENGINE_WARM_FULL=false) or the engine on its event loop (ENGINE_THREAD=false).
 */
export function startEngineEarly(g: GenerationsConfig): EarlyEngine | null {
  if (!warmsInParts(g) || !g.engineThread) return null;
  let target: RunnerLog | null = null;
  const log: RunnerLog = {
    info: (obj, msg) => target?.info(obj, msg),
    error: (obj, msg) => (target ? target.error(obj, msg) : console.error(msg, obj)),
  };
  const engine = createEngine(g, log);
  const models =
    engine.warm?.(g.cutoutMethod, g.detectProduct, true, "models") ?? Promise.resolve();
  // handled by the pipeline; a failure before it is built must not crash the process
  models.catch(() => {});
  return {
    engine,
    models,
    attachLog(l) {
      target = l;
    },
  };
}
