// npm run bench:batch — a batch of 200 photos through the public API, with one and then two
// worker processes on PostgreSQL (TEST_POSTGRES_URL, else 127.0.0.1:5432), the API in this
// process (RUN_JOBS=false). Prints images per minute of the batch, and the latency
// (submit → done) of interactive web generations submitted every few seconds while the batch
// runs, next to the same with no batch running — the fair share of decision 1004 at work.
// Web preset at full size (1024²), photos 640², one image per batch photo and the web's four per
// interactive generation, classical cut-out (as bench:generations).
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { zipStore } from "../src/http/zip.ts";
import {
  freshPostgres,
  inProcessApi,
  postgresReachable,
  postgresUrl,
  spawnWorker,
  waitFor,
} from "../src/modules/jobs/process-cluster.test-helper.ts";
import {
  multipartBody,
  multipartForm,
  productPhoto,
} from "../src/modules/uploads/test-images.test-helper.ts";
import { sellerWithCoins, uniqueName } from "../src/testing/api-helpers.ts";

const PHOTOS = 200;
const INTERACTIVE_EVERY_MS = 3000;
const IDLE_SAMPLES = 6;
const env = {
  CUTOUT_METHOD: "classical",
  JOB_POLL_MS: "100",
  WORKER_HEARTBEAT_SECONDS: "2",
  RATE_LIMIT_API_KEY: "100000/60",
};

async function account(app: FastifyInstance, name: string, coins: number) {
  const { userId, token } = await sellerWithCoins(app, coins, {
    language: "en-US",
    username: uniqueName(name),
  });
  return { userId: userId as string, token: token as string };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

async function run(url: string, workerCount: number, zip: Buffer) {
  const db = await freshPostgres(url);
  const shared = {
    ...env,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-batch-")),
    JWT_SECRET: randomBytes(24).toString("hex"),
  };
  const api = await inProcessApi(db.url, { ...shared, RUN_JOBS: "false" });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const q = async <T>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows as T[];
  const workers = [spawnWorker({ ...shared, DATABASE_URL: db.url })];
  try {
    const online = async (n: number) =>
      Number(
        (await q<{ n: number }>("select count(*)::int as n from job_workers").catch(() => []))[0]
          ?.n,
      ) >= n;
    // one worker first: it creates pg-boss's schema; then the others
    await waitFor(() => online(1), 120_000, 250);
    for (let i = 1; i < workerCount; i++)
      workers.push(spawnWorker({ ...shared, DATABASE_URL: db.url }));
    await waitFor(() => online(workerCount), 120_000, 250);
    const app = api.app;
    const web = await account(app, "web", 1000);
    const shop = await account(app, "shop", 1000);
    const key = (
      await app.inject({
        method: "POST",
        url: "/api/keys",
        headers: { authorization: `Bearer ${shop.token}` },
        payload: { name: "bench", scopes: ["generate", "read"] },
      })
    ).json().key as string;
    const photo = multipartBody(await productPhoto({ size: 640, color: { r: 200, g: 60, b: 40 } }));
    const upload = (
      await app.inject({
        method: "POST",
        url: "/api/uploads",
        headers: { ...photo.headers, authorization: `Bearer ${web.token}` },
        payload: photo.payload,
      })
    ).json().id as string;
    await waitFor(
      async () =>
        (await q("select 1 from uploads where id = $1 and cutout_status = 'ready'", [upload]))
          .length === 1,
      60_000,
      100,
    );
    let k = 0;
    const interactive = async () => {
      const r = await app.inject({
        method: "POST",
        url: "/api/generations",
        headers: { authorization: `Bearer ${web.token}` },
        payload: { uploadId: upload, prompt: `marble podium ${k++}` },
      });
      return r.json().id as string;
    };
    const finished = async (ids: string[]) =>
      ids.length === 0 ||
      Number(
        (
          await q<{ n: number }>(
            "select count(*)::int as n from generations where id = any($1) and status in ('done','failed')",
            [ids],
          )
        )[0]?.n,
      ) === ids.length;
    const latencies = async (ids: string[]) =>
      (
        await q<{ s: number }>(
          "select extract(epoch from finished_at - created_at)::float8 as s from generations where id = any($1)",
          [ids],
        )
      )
        .map((r) => Number(r.s))
        .sort((a, b) => a - b);

    // interactive alone, one after the other: the baseline
    const idle: string[] = [];
    for (let i = 0; i < IDLE_SAMPLES; i++) {
      const id = await interactive();
      idle.push(id);
      await waitFor(() => finished([id]), 60_000, 50);
    }

    // the batch, with interactive generations arriving while it runs
    const body = multipartForm([
      { name: "archive", filename: "catalogue.zip", body: zip },
      { name: "prompt", body: "linen tabletop, morning light" },
      { name: "count", body: "1" },
    ]);
    const submitted = performance.now();
    const res = await app.inject({
      method: "POST",
      url: "/v1/batches",
      headers: { ...body.headers, authorization: `Bearer ${key}` },
      payload: body.payload,
    });
    const acceptMs = performance.now() - submitted;
    if (res.statusCode !== 202) throw new Error(`batch refused: ${res.statusCode} ${res.body}`);
    const batchId = res.json().id as string;
    const during: string[] = [];
    let done = false;
    while (!done) {
      during.push(await interactive());
      const until = Date.now() + INTERACTIVE_EVERY_MS;
      while (Date.now() < until && !done) {
        await new Promise((r) => setTimeout(r, 200));
        done =
          (await q<{ status: string }>("select status from batches where id = $1", [batchId]))[0]
            ?.status === "done";
      }
    }
    // generations that arrived in the batch's last seconds finish after it: wait for them
    await waitFor(() => finished(during), 120_000, 100);
    const [b] = await q<{ done: number; failed: number; seconds: number }>(
      "select done, failed, extract(epoch from finished_at - created_at)::float8 as seconds from batches where id = $1",
      [batchId],
    );
    const [imgs] = await q<{ n: number }>(
      "select count(*)::int as n from generation_images i join batch_items b on b.generation_id = i.generation_id where b.batch_id = $1",
      [batchId],
    );
    const seconds = Number(b?.seconds ?? 0);
    const idleLat = await latencies(idle);
    const duringLat = await latencies(during);
    const label = `${workerCount} worker${workerCount > 1 ? "s" : ""}`;
    console.log(
      `${label.padEnd(10)} batch of ${PHOTOS}: accepted in ${(acceptMs / 1000).toFixed(1)} s, done in ${seconds.toFixed(1)} s, ` +
        `${Number(imgs?.n)} images → ${((Number(imgs?.n) / seconds) * 60).toFixed(1)} images/min (${b?.failed ?? 0} failed)`,
    );
    console.log(
      `${"".padEnd(10)} interactive alone:      p50 ${pct(idleLat, 50).toFixed(2)} s  p95 ${pct(idleLat, 95).toFixed(2)} s  (${idleLat.length} generations)`,
    );
    console.log(
      `${"".padEnd(10)} interactive with batch: p50 ${pct(duringLat, 50).toFixed(2)} s  p95 ${pct(duringLat, 95).toFixed(2)} s  (${duringLat.length} generations)`,
    );
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await client.end();
    await api.close();
    await db.drop();
  }
}

const url = postgresUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
if (!(await postgresReachable(url))) {
  console.log("bench:batch needs PostgreSQL (set TEST_POSTGRES_URL): SKIPPED");
  process.exit(0);
}
const files = [];
for (let i = 0; i < PHOTOS; i++) {
  files.push({
    name: `sku-${String(i + 1).padStart(4, "0")}.jpg`,
    // darker than the backdrop (236, 236, 240), so the classical cut-out always finds them
    bytes: await productPhoto({
      size: 640,
      color: { r: 20 + ((i * 53) % 170), g: 20 + ((i * 7) % 170), b: 20 + ((i * 29) % 170) },
    }),
  });
}
const zip = zipStore(files);
console.log(
  `batch bench: ${PHOTOS} photos 640² in a ${(zip.length / 1024 / 1024).toFixed(1)} MB ZIP, 1 image each (web preset, 1024²); an interactive web generation (4 images) every ${INTERACTIVE_EVERY_MS / 1000} s while it runs\n`,
);
await run(url, 1, zip);
await run(url, 2, zip);
