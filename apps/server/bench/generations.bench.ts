// npm run bench:generations — upload → four photos before/after 0506 (latency.bench.ts), then
// images per minute and submit-to-done p50/p95:
//   1 worker:  embedded PGlite, the runner inside the API process (the default setup)
//   1 and 2 workers: PostgreSQL (TEST_POSTGRES_URL, else 127.0.0.1:5432 when reachable), one
//              then two worker processes, the API in this process with RUN_JOBS=false; the
//              ratio of the two is the scale-out figure (on this machine's cores: a worker's
//              engine already renders on two threads, decision 0551)
// Web preset (1024², 4 images per generation), cut-outs done at upload (not timed: they run
// while the seller types). Latency = generations.finished_at − created_at, from the database.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app.ts";
import { openDatabase } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";
import {
  freshPostgres,
  inProcessApi,
  postgresUrl,
  spawnWorker,
  waitFor,
} from "../src/modules/jobs/process-cluster.test-helper.ts";
import { multipartBody, productPhoto } from "../src/modules/uploads/test-images.test-helper.ts";
import { signup } from "../src/testing/api-helpers.ts";
import { testConfig } from "../src/testing/test-harness.ts";
import { latencyFigures } from "./latency.bench.ts";

const GENERATIONS = 16;
const USERS = 4;
const env = { CUTOUT_METHOD: "classical", JOB_POLL_MS: "100", WORKER_HEARTBEAT_SECONDS: "2" };

async function prepare(app: FastifyInstance) {
  const users: { token: string; uploadId: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    const { userId, token } = await signup(app, { language: "en-US" });
    await app.services.coins.grant({
      accountId: userId,
      amount: 100,
      key: `bench:${userId}`,
      reason: "bench",
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

/** images a minute */
async function measure(
  label: string,
  app: FastifyInstance,
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
  users: { token: string; uploadId: string }[],
): Promise<number> {
  const prompts = [
    "white marble podium",
    "linen tabletop, morning light",
    "concrete plinth",
    "sand and water",
  ];
  const answers = await Promise.all(
    Array.from({ length: GENERATIONS }, (_, k) => {
      const u = users[k % users.length] as (typeof users)[number];
      return app.inject({
        method: "POST",
        url: "/api/generations",
        headers: { authorization: `Bearer ${u.token}` },
        payload: { uploadId: u.uploadId, prompt: prompts[k % prompts.length] },
      });
    }),
  );
  const ids = answers.map((a) => a.json().id as string);
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

async function onPostgres(url: string, count: 1 | 2): Promise<number> {
  const db = await freshPostgres(url);
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-pg-"));
  const shared = {
    ...env,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(24).toString("hex"),
  };
  const api = await inProcessApi(db.url, { ...shared, RUN_JOBS: "false" });
  const workers: ReturnType<typeof spawnWorker>[] = [];
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const query = (t: string) => client.query(t);
  try {
    for (let k = 1; k <= count; k++) {
      workers.push(spawnWorker({ ...shared, DATABASE_URL: db.url }));
      await waitFor(
        async () => (await query("select count(*)::int as n from job_workers")).rows[0]?.n >= k,
        120_000,
        250,
      );
    }
    const users = await prepare(api.app);
    await waitFor(
      async () =>
        (await query("select count(*)::int as n from uploads where cutout_status = 'pending'"))
          .rows[0]?.n === 0,
      120_000,
    );
    return await measure(
      `${count} worker process${count > 1 ? "es" : ""}, PostgreSQL`,
      api.app,
      query,
      users,
    );
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await client.end();
    await api.close();
    await db.drop();
  }
}

async function reachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

if (process.env.SKIP_LATENCY !== "true") await latencyFigures();
console.log(
  `generations bench: web preset 1024², 4 images each, ${GENERATIONS} generations submitted at once\n`,
);
await onePglite();
const url = postgresUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
if (await reachable(url)) {
  const one = await onPostgres(url, 1);
  const two = await onPostgres(url, 2);
  console.log(
    `two workers ÷ one on PostgreSQL: ${(two / one).toFixed(2)}× (both on this machine's ${availableParallelism()} cores)`,
  );
} else
  console.log(
    "1 and 2 worker processes, PostgreSQL  SKIPPED (no PostgreSQL reachable; set TEST_POSTGRES_URL)",
  );
