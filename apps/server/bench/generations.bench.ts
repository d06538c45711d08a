// npm run bench:generations — upload → four photos before/after 0506 (latency.bench.ts), then
// images per minute and submit-to-done p50/p95:
//   1 worker:  embedded PGlite, the runner inside the API process (the default setup)
//   PostgreSQL (TEST_POSTGRES_URL, else 127.0.0.1:5432 when reachable), the API in this process
//   with RUN_JOBS=false:
//     1 worker process on all cores with the default threads (ENGINE_THREADS unset);
//     per core (decision 0553): 1 worker process pinned to one core (`taskset`), and 2 pinned
//     to one core each, every one with ENGINE_THREADS=1, in alternation (ROUNDS=n, default 3:
//     1 2, 2 1, 1 2); the ratio of their medians is the scale-out figure (scaleOut says why).
//     Each worker's peak RSS (ISNet loaded), the CPU per image of the workers, the API and
//     PostgreSQL, and the load average are printed; TRACE=1 adds each worker's share of the
//     time spent in jobs. Every measurement starts fresh, warm workers on one database, and runs
//     WARM_UP (default 16) generations a worker, untimed, before it times its batch.
// Web preset (1024², 4 images per generation), cut-outs done at upload (not timed: they run
// while the seller types). Latency = generations.finished_at − created_at, from the database.
// GENERATIONS=n (default 96) per measurement; SKIP_LATENCY, SKIP_PGLITE, SKIP_POSTGRES=true leave
// a part out.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app.ts";
import { openDatabase } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";
import {
  cpuSeconds,
  cpuTimes,
  freshPostgres,
  inProcessApi,
  peakRssMb,
  postgresCpuSeconds,
  postgresReachable,
  postgresUrl,
  spawnWorker,
  waitFor,
} from "../src/modules/jobs/process-cluster.test-helper.ts";
import { multipartBody, productPhoto } from "../src/modules/uploads/test-images.test-helper.ts";
import { sellerWithCoins } from "../src/testing/api-helpers.ts";
import { testConfig } from "../src/testing/test-harness.ts";
import { packEnv, packLine } from "./bench-pack.ts";
import { latencyFigures } from "./latency.bench.ts";

/**
 * Long enough to measure a worker pool's steady pace: a fresh worker's first use of each set
 * (a plate decoded, a template's code compiled) costs it 1.5-2 s of CPU once. With 24
 * generations, a 9 s batch on a fast core, two fresh workers paid it twice over a batch half as
 * long, and the tail of the last job weighed too: 1.59× where 96 measured 1.86× on the same
 * machine (decision 0553, fourteenth round).
 */
const GENERATIONS = Number(process.env.GENERATIONS ?? 96);
/** rounds of one worker then two (or two then one) for the scale-out ratio */
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/**
 * Generations a fresh worker runs, untimed, before a measurement: a pool's worker has paid the
 * first use of each set long ago (plates decoded, props read, template code compiled: 4-6 s of
 * CPU over its first few dozen generations, which two fresh workers paid twice over half the
 * span). WARM_UP=0 measures fresh workers as before.
 */
const WARM_UP = Number(process.env.WARM_UP ?? 16);
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`;
const USERS = 4;
const env = {
  CUTOUT_METHOD: "classical",
  JOB_POLL_MS: "100",
  // every generation of a measurement is submitted at once, from one address, and the rounds
  // follow each other within the production limit's minute
  RATE_LIMIT_GENERATIONS: "100000/60",
  WORKER_HEARTBEAT_SECONDS: "2",
  ...packEnv,
};

async function prepare(app: FastifyInstance, coins = GENERATIONS * 4) {
  const users: { token: string; uploadId: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    const { userId, token } = await sellerWithCoins(app, Math.ceil(coins / USERS), {
      language: "en-US",
    });
    const body = multipartBody(
      await productPhoto({ size: 768, color: { r: 40 + i * 50, g: 70, b: 120 } }),
    );
    const up = await app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
    users.push({ token, uploadId: up.json().id });
  }
  return users;
}

const prompts = [
  "white marble podium",
  "linen tabletop, morning light",
  "concrete plinth",
  "sand and water",
];

/** submits `n` generations at once, the prompts and sellers in turn; answers their ids */
async function submit(
  app: FastifyInstance,
  users: { token: string; uploadId: string }[],
  n: number,
): Promise<string[]> {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, k) => {
      const u = users[k % users.length] as (typeof users)[number];
      return app.inject({
        method: "POST",
        url: "/api/generations",
        headers: { authorization: `Bearer ${u.token}` },
        payload: { uploadId: u.uploadId, prompt: prompts[k % prompts.length] },
      });
    }),
  );
  const refused = answers.find((a) => a.statusCode >= 300);
  if (refused) throw new Error(`a generation was refused: ${refused.statusCode} ${refused.body}`);
  return answers.map((a) => a.json().id as string);
}

async function finished(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
  ids: string[],
) {
  const list = ids.map((id) => `'${id}'`).join(",");
  await waitFor(
    async () =>
      Number(
        (
          await query(
            `select count(*)::int as n from generations where id in (${list}) and status in ('done','failed')`,
          )
        ).rows[0]?.n,
      ) === ids.length,
    600_000,
    200,
  );
  return list;
}

/** images a minute */
async function measure(
  label: string,
  app: FastifyInstance,
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
  users: { token: string; uploadId: string }[],
): Promise<number> {
  const list = await finished(query, await submit(app, users, GENERATIONS));
  const rows = (
    await query(`select status, delivered,
        extract(epoch from finished_at - created_at)::float8 as latency,
        extract(epoch from created_at)::float8 as created, extract(epoch from finished_at)::float8 as finished
      from generations where id in (${list})`)
  ).rows as {
    status: string;
    delivered: number;
    latency: number;
    created: number;
    finished: number;
  }[];
  const lat = rows.map((r) => Number(r.latency)).sort((a, b) => a - b);
  const pct = (p: number) =>
    lat[Math.min(lat.length - 1, Math.ceil((p / 100) * lat.length) - 1)] ?? 0;
  const images = rows.reduce((s, r) => s + Number(r.delivered), 0);
  const span =
    Math.max(...rows.map((r) => Number(r.finished))) -
    Math.min(...rows.map((r) => Number(r.created)));
  const failed = rows.filter((r) => r.status !== "done").length;
  console.log(
    `${label.padEnd(34)} ${String(GENERATIONS).padStart(3)} gens  ${String(images).padStart(3)} images  ${((images / span) * 60).toFixed(1).padStart(6)} images/min  p50 ${pct(50).toFixed(1).padStart(5)} s  p95 ${pct(95).toFixed(1).padStart(5)} s${failed ? `  (${failed} failed)` : ""}`,
  );
  if (process.env.TRACE) {
    // per worker: jobs, time inside jobs (started → finished) and the share of the span it is
    // busy; a worker idle between jobs points at the queue, a slow job at the CPU
    const per = (
      await query(`select worker_id::text as w, count(*)::int as n,
          sum(extract(epoch from finished_at - started_at))::float8 as busy,
          avg(extract(epoch from finished_at - started_at))::float8 as avg
        from generations where id in (${list}) group by worker_id order by 1`)
    ).rows as { w: string; n: number; busy: number; avg: number }[];
    for (const r of per)
      console.log(
        `  worker …${String(r.w).slice(-6)}: ${r.n} gens, ${Number(r.busy).toFixed(1)} s in jobs (${((Number(r.busy) / span) * 100).toFixed(0)} % of ${span.toFixed(1)} s), ${Number(r.avg).toFixed(2)} s each`,
      );
  }
  return (images / span) * 60;
}

async function onePglite() {
  const database = await openDatabase({
    kind: "pglite",
    dataDir: mkdtempSync(path.join(tmpdir(), "bench-pglite-")),
  });
  await migrate(database);
  const app = await buildApp({ config: testConfig(env), database });
  await app.ready();
  await app.pipeline.runner?.start();
  const users = await prepare(app);
  await waitFor(
    async () =>
      (
        await database.executeSql(
          "select count(*)::int as n from uploads where cutout_status = 'pending'",
        )
      ).rows[0]?.n === 0,
    120_000,
  );
  await measure("1 worker, embedded PGlite", app, (t) => database.executeSql(t), users);
  await app.close();
  await database.close();
}

/**
 * One PostgreSQL database for every worker measurement: the API in this process, the sellers
 * and their uploads, cut out once by the first workers (ISNet, as in production).
 */
async function postgresSession(url: string) {
  const db = await freshPostgres(url);
  const shared = {
    ...env,
    // the workers load and warm ISNet as in production, so their peak RSS is a real one (the
    // cut-outs are made before the timing starts)
    CUTOUT_METHOD: "auto",
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-pg-")),
    JWT_SECRET: randomBytes(24).toString("hex"),
  };
  const api = await inProcessApi(db.url, { ...shared, RUN_JOBS: "false" });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const query = (t: string) => client.query(t);
  // enough coins for every round
  const users = await prepare(
    api.app,
    4 * (GENERATIONS * (2 * ROUNDS + 1) + WARM_UP * (3 * ROUNDS + 1)),
  );
  return {
    db,
    shared,
    app: api.app,
    query,
    users,
    async close() {
      await client.end();
      await api.close();
      await db.drop();
    },
  };
}

/**
 * Images a minute of fresh worker processes on the session's database. `cpus`: one core per
 * worker process (each pinned with taskset, ENGINE_THREADS=1), or null: one worker on every
 * core with the default threads. A worker takes jobs once warm (worker-process.ts), so the
 * timing starts with every worker ready.
 */
async function withWorkers(
  session: Awaited<ReturnType<typeof postgresSession>>,
  cpus: string[] | null,
): Promise<number> {
  const { db, shared, query } = session;
  const count = cpus?.length ?? 1;
  // workers that stopped earlier are still listed until they are reaped: count the new ones
  const listed = async () =>
    Number((await query("select count(*)::int as n from job_workers")).rows[0]?.n ?? 0);
  const before = await listed();
  const workers: ReturnType<typeof spawnWorker>[] = [];
  try {
    for (let k = 1; k <= count; k++) {
      const cpu = cpus?.[k - 1];
      workers.push(
        spawnWorker(
          { ...shared, DATABASE_URL: db.url, ...(cpu ? { ENGINE_THREADS: "1" } : {}) },
          cpu,
        ),
      );
      await waitFor(async () => (await listed()) >= before + k, 180_000, 250);
    }
    await waitFor(
      async () =>
        (await query("select count(*)::int as n from uploads where cutout_status = 'pending'"))
          .rows[0]?.n === 0,
      // the first workers make the four cut-outs with ISNet: minutes on a box others load too
      600_000,
    );
    if (WARM_UP > 0) {
      const t0 = performance.now();
      await finished(query, await submit(session.app, session.users, WARM_UP * count));
      console.log(
        `${"".padEnd(34)} warm-up: ${WARM_UP * count} generations in ${((performance.now() - t0) / 1000).toFixed(1)} s, untimed`,
      );
    }
    const label = cpus
      ? `${count} worker${count > 1 ? "s" : ""}, 1 core each (${cpus.join(",")}), 1 thread`
      : "1 worker, all cores, default threads";
    const cpu0 = workers.map((w) => cpuSeconds(w.process.pid) ?? 0);
    const kernel0 = workers.map((w) => cpuTimes(w.process.pid)?.system ?? 0);
    const api0 = process.cpuUsage();
    const pg0 = postgresCpuSeconds();
    const perMinute = await measure(`${label}, PostgreSQL`, session.app, query, session.users);
    // CPU the workers spent per image: flat from one worker to two when they scale, whatever
    // the rest of the machine does to the wall time
    const cpu = workers.reduce((sum, w, k) => sum + (cpuSeconds(w.process.pid) ?? 0) - cpu0[k]!, 0);
    const kernel = workers.reduce(
      (sum, w, k) => sum + (cpuTimes(w.process.pid)?.system ?? 0) - kernel0[k]!,
      0,
    );
    // what else shares the cores: the API (this process, the bench's own polling included)
    // and the database
    const apiUsage = process.cpuUsage(api0);
    const apiCpu = (apiUsage.user + apiUsage.system) / 1e6;
    const pgCpu = pg0 === null ? null : (postgresCpuSeconds() ?? pg0) - pg0;
    const rss = workers.map((w) => peakRssMb(w.process.pid));
    const perImage = (s: number) => `${(s / (GENERATIONS * 4)).toFixed(3)} s`;
    console.log(
      `${"".padEnd(34)} peak RSS per worker: ${rss.map((mb) => (mb === null ? "?" : `${mb.toFixed(0)} MB`)).join(", ")}; CPU per image: workers ${perImage(cpu)} (kernel ${perImage(kernel)}), API ${perImage(apiCpu)}, PostgreSQL ${pgCpu === null ? "?" : perImage(pgCpu)}  (${load()})`,
    );
    return perMinute;
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}

/**
 * The scale-out figure: one worker on one core against two on one core each. This machine's
 * cores are a virtual machine's, and how fast one runs drifts by a third from minute to minute
 * with what the host does (the same render alone on one core took 560 ms, then 900 ms), so one
 * pair of measurements can say 1.2× or 1.8×. The two are measured in alternation, 1 2 2 1 1 2,
 * and the ratio is of the medians; each round's own ratio is printed too.
 */
async function scaleOut(session: Awaited<ReturnType<typeof postgresSession>>) {
  const one: number[] = [];
  const two: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [1, 2] : [2, 1];
    const got: Record<number, number> = {};
    for (const n of order) {
      got[n] = await withWorkers(session, n === 1 ? ["0"] : ["0", "1"]);
      (n === 1 ? one : two).push(got[n]!);
    }
    console.log(`  round ${round + 1}: two ÷ one ${(got[2]! / got[1]!).toFixed(2)}×`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `two workers ÷ one, one core each, PostgreSQL, medians of ${ROUNDS}: ${median(two).toFixed(1)} ÷ ${median(one).toFixed(1)} images/min = ${(median(two) / median(one)).toFixed(2)}×  (${load()})`,
  );
}

if (process.env.SKIP_LATENCY !== "true") await latencyFigures();
console.log(
  `generations bench: web preset 1024², 4 images each, ${GENERATIONS} generations submitted at once, ${availableParallelism()} cores, ${load()}\n${packLine}\n`,
);
if (process.env.SKIP_PGLITE !== "true") await onePglite();
const url = postgresUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
if (process.env.SKIP_POSTGRES === "true") {
  // SKIP_POSTGRES=true: the latency and PGlite figures only
} else if (await postgresReachable(url)) {
  const session = await postgresSession(url);
  try {
    await withWorkers(session, null);
    await scaleOut(session);
  } finally {
    await session.close();
  }
} else
  console.log(
    "1 and 2 worker processes, PostgreSQL  SKIPPED (no PostgreSQL reachable; set TEST_POSTGRES_URL)",
  );
