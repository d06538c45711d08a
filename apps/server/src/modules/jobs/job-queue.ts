// pg-boss on the application's own database: PGlite through `executeSql` in the embedded
// default, PostgreSQL through the same pool when DATABASE_URL is set. Started lazily, so
// processes (and tests) that never touch a job pay nothing. `send` can join the caller's
// transaction: a generation row, its coin reservation and its job commit or vanish together.
import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { GenerationsConfig } from "../../config.ts";
import type { Database, Db } from "../../db/database.ts";
import { deadLetterOf, type JobName, type JobPayload, jobNames } from "./job-definitions.ts";

export interface SendOptions {
  /** job id (a UUID); sending the same id twice creates one job */
  id?: string;
  /** higher runs first (express lane) */
  priority?: number;
  /** not before this many seconds from now (retries with backoff) */
  startAfterSeconds?: number;
}

export interface FetchedJob {
  id: string;
  name: JobName;
  data: unknown;
  retryCount: number;
  retryLimit: number;
}

export interface JobQueue {
  start(): Promise<void>;
  send<N extends JobName>(
    name: N,
    data: JobPayload<N>,
    options?: SendOptions,
    tx?: Db,
  ): Promise<void>;
  /**
   * Send `data` again under the same job id, whatever became of the earlier job (completed,
   * failed, dead-lettered): the earlier row is deleted first, in the same transaction.
   */
  requeue<N extends JobName>(
    name: N,
    data: JobPayload<N>,
    options: SendOptions & { id: string },
    tx: Db,
  ): Promise<void>;
  fetch(name: JobName): Promise<FetchedJob | null>;
  /**
   * Which of `names` hold a job that a fetch would take now (pg-boss's own test: created or
   * retry, its start time passed), in one statement: a fetch is a locking UPDATE per queue.
   */
  waiting(names: readonly JobName[]): Promise<Set<JobName>>;
  complete(name: JobName, id: string): Promise<void>;
  fail(name: JobName, id: string, error: string): Promise<void>;
  /** the job's state (created, retry, active, completed, cancelled, failed), null if unknown */
  state(name: JobName, id: string): Promise<string | null>;
  /** expire jobs whose worker vanished (retry or dead-letter them); runs periodically too */
  maintain(): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss's `db` adapter over a Drizzle transaction: `$n` placeholders become bound params. */
export function transactionExecutor(tx: Db) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks = [];
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, m.index)));
        chunks.push(sql.param(values[Number(m[1]) - 1]));
        last = (m.index ?? 0) + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const r = (await tx.execute(sql.join(chunks))) as unknown as { rows?: unknown[] };
      return { rows: r.rows ?? (r as unknown as unknown[]) };
    },
  };
}

export function createJobQueue(
  database: Database,
  config: GenerationsConfig,
  onError: (err: Error) => void,
): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    supervise: config.runJobs,
    maintenanceIntervalSeconds: config.jobMaintenanceSeconds,
    schedule: false,
    migrate: true,
  });
  boss.on("error", onError);
  let starting: Promise<void> | null = null;
  let started = false;
  let stopped = false;

  const queueOptions = (name: JobName) => ({
    retryLimit: deadLetterOf[name] ? config.jobRetryLimit : 3,
    retryDelay: 1,
    expireInSeconds: config.jobExpireSeconds,
    ...(deadLetterOf[name] ? { deadLetter: deadLetterOf[name] } : {}),
  });

  async function start() {
    starting ??= (async () => {
      await boss.start();
      // the dead-letter queues first: the queues they serve refer to them
      const letters = new Set(Object.values(deadLetterOf));
      for (const name of [...jobNames].sort(
        (a, b) => Number(letters.has(b)) - Number(letters.has(a)),
      )) {
        if (!(await boss.getQueue(name))) {
          try {
            await boss.createQueue(name, { name, ...queueOptions(name) });
          } catch (err) {
            // another process created it between our check and our create
            if (!(await boss.getQueue(name))) throw err;
          }
        }
      }
      started = true;
    })();
    starting.catch(() => {
      starting = null;
    });
    return starting;
  }

  return {
    start,
    async send(name, data, options = {}, tx) {
      // Starting inside the caller's transaction would wait on that very transaction (PGlite
      // has one connection): callers start the queue first.
      if (tx && !started) throw new Error("job queue: start() before sending in a transaction");
      await start();
      await boss.send(name, data as object, {
        ...queueOptions(name),
        ...(options.id ? { id: options.id } : {}),
        priority: options.priority ?? 0,
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(tx ? { db: transactionExecutor(tx) } : {}),
      });
    },
    async requeue(name, data, options, tx) {
      if (!started) throw new Error("job queue: start() before requeueing in a transaction");
      await boss.deleteJob(name, options.id, { db: transactionExecutor(tx) });
      await this.send(name, data, options, tx);
    },
    async fetch(name) {
      await start();
      const [job] = await boss.fetch<unknown>(name, { includeMetadata: true, batchSize: 1 });
      if (!job) return null;
      return {
        id: job.id,
        name,
        data: job.data,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
      };
    },
    async waiting(names) {
      await start();
      if (!names.length) return new Set();
      const list = names.map((_, i) => `$${i + 1}`).join(", ");
      // pg-boss's default schema, and the predicate of its fetch (plans.js fetchNextJob)
      const { rows } = await database.executeSql<{ name: JobName }>(
        `SELECT DISTINCT name FROM pgboss.job WHERE name IN (${list}) AND state < 'active' AND start_after < now()`,
        [...names],
      );
      return new Set(rows.map((r) => r.name));
    },
    async complete(name, id) {
      await boss.complete(name, id);
    },
    async fail(name, id, error) {
      await boss.fail(name, id, { error });
    },
    async state(name, id) {
      await start();
      return (await boss.getJobById(name, id))?.state ?? null;
    },
    async maintain() {
      await start();
      await boss.maintain();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (starting) await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}
