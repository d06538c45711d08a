// A process that runs job handlers only (apps/worker): the same config, database and pipeline
// (pipeline.ts) as the API process's in-process runner, no HTTP. Start as many as you like against one
// PostgreSQL database; each takes one job at a time.

import { systemClock } from "../clock.ts";
import { databaseOptionsFromConfig, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { createCoinsService } from "../modules/coins/coins.service.ts";
import type { RunnerLog } from "../modules/jobs/job-runner.ts";
import { createPipeline } from "./pipeline.ts";
import { loadStartConfig } from "./start-config.ts";

const levels = ["trace", "debug", "info", "warn", "error", "fatal"];

function jsonLog(level: string): RunnerLog {
  const min = level === "silent" ? Number.POSITIVE_INFINITY : levels.indexOf(level);
  const write = (lvl: string, obj: object, msg: string) => {
    if (levels.indexOf(lvl) < min) return;
    const fields = Object.fromEntries(
      Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? v.message : v]),
    );
    process.stdout.write(`${JSON.stringify({ level: lvl, time: Date.now(), msg, ...fields })}\n`);
  };
  return {
    info: (obj, msg) => write("info", obj, msg),
    error: (obj, msg) => write("error", obj, msg),
  };
}

export async function startWorkerProcess(): Promise<{ stop(): Promise<void> }> {
  const standIn = await loadStartConfig();
  const config = standIn.config;
  const log = jsonLog(config.logLevel);
  const database = await openDatabase(databaseOptionsFromConfig(config));
  await migrate(database);
  const pipeline = createPipeline({
    // a worker always runs handlers, whatever RUN_JOBS says for the API processes
    config: { ...config, generations: { ...config.generations, runJobs: true } },
    database,
    clock: systemClock,
    coins: createCoinsService(database.db),
    kind: "worker",
    log,
  });
  // A worker takes no job before its engine is warm (models, the pack's images, the render's
  // code): a job taken cold ran 1-2 s slower, its warm-up sharing the core with it, while warm
  // workers beside it waited; it also registers only now, so `job_workers` lists the workers
  // ready to work. The warm-up's failure is logged by the pipeline and does not stop the worker.
  const warmFrom = performance.now();
  await pipeline.warming;
  log.info({ ms: Math.round(performance.now() - warmFrom) }, "engine warm");
  await pipeline.runner?.start();
  log.info({ database: database.kind, storage: pipeline.storage.description }, "worker ready");
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      await pipeline.stop();
      await database.close();
      await standIn.close();
    })();
    return stopping;
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log.info({ signal }, "worker stopping after its current job");
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  return { stop };
}
