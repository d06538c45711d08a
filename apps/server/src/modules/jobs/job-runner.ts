// Runs job handlers, one job at a time per process: a cut-out or a render already uses both
// cores of a small machine, so a second job in parallel adds latency and no throughput
// (engine notes). A free runner asks the queues in `fetchOrder`; an idle one sleeps
// JOB_POLL_MS or until woken (`wake()` — the API process wakes its own runner after a submit;
// tests call `runUntilIdle()` instead of waiting for a poll).
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { Value } from "@sinclair/typebox/value";
import type { GenerationsConfig } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import {
  assertHandlers,
  bulkJobs,
  fetchOrder,
  type JobHandlers,
  type JobName,
  jobPayloads,
  PermanentJobError,
} from "./job-definitions.ts";
import { type JobLogFields, jobLogContext } from "./job-log-context.ts";
import type { JobQueue } from "./job-queue.ts";
import { beat, pruneWorkers, removeWorker } from "./workers.repository.ts";

export interface JobRunner {
  readonly workerId: string;
  start(): Promise<void>;
  wake(): void;
  /** process jobs until every queue is empty; returns how many ran */
  runUntilIdle(): Promise<number>;
  stop(): Promise<void>;
}

export interface RunnerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export function createJobRunner(deps: {
  db: Db;
  queue: JobQueue;
  handlers: JobHandlers;
  config: GenerationsConfig;
  kind: "server" | "worker";
  log: RunnerLog;
  /** run on every heartbeat (e.g. taking back the jobs of workers that died) */
  onHeartbeat?: () => Promise<void>;
  /** other jobs in a row before a bulk job goes first (BATCH_FAIR_SHARE; default 3) */
  fairShare?: number;
}): JobRunner {
  const { db, queue, handlers, config, kind, log } = deps;
  assertHandlers(handlers);
  const workerId = `${kind}-${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  let running = false;
  let loop: Promise<void> | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let wakeUp: (() => void) | null = null;
  let busy: Promise<unknown> = Promise.resolve();
  let current: string | null = null;

  /** runs a job of `name` when `waiting` (queue.waiting) says the queue holds one */
  async function runJob(name: JobName, waiting: ReadonlySet<JobName>): Promise<boolean> {
    if (!waiting.has(name)) return false;
    const job = await queue.fetch(name);
    if (!job) return false;
    current = `${name}:${job.id}`;
    await beat(db, workerId, kind, current).catch(() => {});
    const schema = jobPayloads[name];
    const valid = Value.Check(schema, job.data);
    // only a payload that passed its schema lends its request id to the log lines
    const requestId = valid ? (job.data as { requestId?: string }).requestId : undefined;
    const fields: JobLogFields = {
      ...(requestId ? { reqId: requestId } : {}),
      jobId: job.id,
      job: name,
      workerId,
    };
    const jobLog = {
      info: (obj: object, msg: string) => log.info({ ...fields, ...obj }, msg),
      error: (obj: object, msg: string) => log.error({ ...fields, ...obj }, msg),
    };
    const started = performance.now();
    try {
      if (!valid) {
        const first = [...Value.Errors(schema, job.data)][0];
        throw new PermanentJobError(
          `invalid payload for ${name}: ${first?.path ?? ""} ${first?.message ?? ""}`,
        );
      }
      const handler = handlers[name] as (data: unknown, ctx: unknown) => Promise<void>;
      jobLog.info({ attempt: job.retryCount + 1 }, "job started");
      await jobLogContext.run(fields, () =>
        handler(job.data, {
          jobId: job.id,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
          workerId,
          requestId,
          log: jobLog,
        }),
      );
      await queue.complete(name, job.id);
      jobLog.info({ ms: Math.round(performance.now() - started) }, "job done");
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      jobLog.error({ err, ms: Math.round(performance.now() - started) }, "job failed");
      // A PermanentJobError (bad payload) fails again, cheaply, on each retry, then for good.
      await queue.fail(
        name,
        job.id,
        err instanceof PermanentJobError ? `permanent: ${message}` : message,
      );
    } finally {
      current = null;
    }
    return true;
  }

  const fairShare = deps.fairShare ?? 3;
  const otherJobs = fetchOrder.filter((name) => !bulkJobs.includes(name));
  let sinceBulk = 0;

  /**
   * One job from the first queue that has one. Bulk queues come last, but once `fairShare`
   * other jobs ran in a row they are asked first, so a batch keeps moving under web traffic
   * (at least 1 job in fairShare + 1) and web traffic waits for at most one batch photo.
   */
  async function runOne(): Promise<boolean> {
    // one statement says which queues hold a job, and only those are fetched from: a fetch
    // of each of the eight queues was eight locking statements on every poll of an idle
    // runner, and five empty ones before each generation (issue 29)
    const waiting = await queue.waiting(fetchOrder);
    if (!waiting.size) return false;
    if (sinceBulk >= fairShare) {
      for (const name of bulkJobs) {
        if (await runJob(name, waiting)) {
          sinceBulk = 0;
          return true;
        }
      }
      sinceBulk = 0; // no batch waiting: back to the usual order
    }
    for (const name of otherJobs) {
      if (await runJob(name, waiting)) {
        sinceBulk++;
        return true;
      }
    }
    for (const name of bulkJobs) {
      if (await runJob(name, waiting)) {
        sinceBulk = 0;
        return true;
      }
    }
    return false;
  }

  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = busy.then(fn, fn);
    busy = next.catch(() => {});
    return next;
  }

  async function mainLoop() {
    while (running) {
      let did = false;
      try {
        did = await serial(runOne);
      } catch (err) {
        log.error({ err }, "job runner: queue unavailable");
      }
      if (did || !running) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, config.jobPollMs);
        wakeUp = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wakeUp = null;
    }
  }

  return {
    workerId,
    async start() {
      if (running) return;
      await queue.start();
      await beat(db, workerId, kind, null);
      await pruneWorkers(db).catch(() => {});
      running = true;
      heartbeat = setInterval(() => {
        beat(db, workerId, kind, current)
          .then(() => deps.onHeartbeat?.())
          .catch((err) => log.error({ err }, "heartbeat failed"));
      }, config.heartbeatSeconds * 1000);
      heartbeat.unref();
      loop = mainLoop();
      log.info({ workerId }, "job runner started");
    },
    wake() {
      wakeUp?.();
    },
    async runUntilIdle() {
      await queue.start();
      await beat(db, workerId, kind, null);
      let n = 0;
      while (await serial(runOne)) n++;
      return n;
    },
    async stop() {
      running = false;
      wakeUp?.();
      if (heartbeat) clearInterval(heartbeat);
      await loop;
      await busy;
      await removeWorker(db, workerId).catch(() => {});
    },
  };
}
