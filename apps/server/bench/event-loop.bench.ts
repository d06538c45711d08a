import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.ts";
import { openDatabase } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";
import { waitFor } from "../src/modules/jobs/process-cluster.test-helper.ts";
import { multipartBody, productPhoto } from "../src/modules/uploads/test-images.test-helper.ts";
import { sellerWithCoins } from "../src/testing/api-helpers.ts";
import { testConfig } from "../src/testing/test-harness.ts";

const arg = process.env.ENGINE_THREAD;
const modes = arg === "true" || arg === "false" ? [arg] : ["false", "true"];
const cutoutMethod = process.env.CUTOUT_METHOD ?? "auto";

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * /api/hello over HTTP from another thread (its own event loop, so the client is never the one
 * stalled): one request at a time, 25 ms apart, latencies in ms posted back when told to stop.
 */
const proberCode = `
const { parentPort, workerData } = require("node:worker_threads");
let on = true;
parentPort.on("message", () => { on = false; });
(async () => {
  const out = [];
  while (on) {
    const t0 = performance.now();
    const r = await fetch(workerData + "/api/hello");
    await r.arrayBuffer();
    out.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  parentPort.postMessage(out);
})();
`;

/** Runs `work`, sampling this thread's event-loop delay and /api/hello latency meanwhile. */
async function sample(base: string, work: () => Promise<void>) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  const prober = new Worker(proberCode, { eval: true, workerData: base });
  const done = new Promise<number[]>((resolve) => prober.once("message", resolve));
  h.enable();
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  h.disable();
  prober.postMessage("stop");
  const hello = (await done).sort((a, b) => a - b);
  await prober.terminate();
  return {
    ms,
    loopMax: h.max / 1e6,
    loopP99: h.percentile(99) / 1e6,
    helloMax: hello.at(-1) ?? 0,
    helloP99: pct(hello, 99),
    helloN: hello.length,
  };
}

function line(mode: string, phase: string, r: Awaited<ReturnType<typeof sample>>) {
  const f = (n: number) => n.toFixed(0).padStart(5);
  console.log(
    `engine thread ${mode.padEnd(5)} ${phase.padEnd(10)} ${f(r.ms)} ms  loop delay max ${f(r.loopMax)} ms p99 ${f(r.loopP99)} ms  /api/hello max ${f(r.helloMax)} ms p99 ${f(r.helloP99)} ms (${r.helloN} requests)`,
  );
}

async function seller(app: FastifyInstance) {
  const { userId, token } = await sellerWithCoins(app, 100, { language: "en-US" });
  return token as string;
}

async function run(mode: string) {
  const database = await openDatabase({
    kind: "pglite",
    dataDir: mkdtempSync(path.join(tmpdir(), "bench-loop-")),
  });
  await migrate(database);
  const app = await buildApp({
    config: testConfig({ CUTOUT_METHOD: cutoutMethod, JOB_POLL_MS: "50", ENGINE_THREAD: mode }),
    database,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const token = await seller(app);
  const auth = { authorization: `Bearer ${token}` };
  const photo = await productPhoto({ width: 3000, height: 4000, color: { r: 180, g: 60, b: 40 } });
  const query = async (sql: string) =>
    (await database.executeSql(sql)).rows[0] as Record<string, unknown>;

  let uploadId = "";
  // the upload request itself: decode (sharp), metadata strip, store, queue (no engine thread)
  const up = await sample(base, async () => {
    const body = multipartBody(photo);
    const res = await app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...body.headers, ...auth },
      payload: body.payload,
    });
    uploadId = (res.json() as { id: string }).id;
  });
  line(mode, "upload", up);
  // the cut-out job the runner picks up (model load on first use included)
  const cut = await sample(base, async () => {
    await waitFor(
      async () =>
        (await query(`select cutout_status s from uploads where id = '${uploadId}'`))?.s !==
        "pending",
      300_000,
      50,
    );
  });
  line(mode, "cut-out", cut);

  const gen = await sample(base, async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/generations",
      headers: auth,
      payload: { uploadId, prompt: "white marble podium" },
    });
    const id = (res.json() as { id: string }).id;
    await waitFor(
      async () =>
        ["done", "failed"].includes(
          String((await query(`select status from generations where id = '${id}'`))?.status),
        ),
      300_000,
      50,
    );
  });
  line(mode, "generation", gen);
  await app.close();
  await database.close();
}

for (const mode of modes) await run(mode);
