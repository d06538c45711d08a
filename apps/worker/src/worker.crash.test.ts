// A worker SIGKILLed in the middle of a generation: another worker finishes it (or, when no
// attempt is left, it fails and is refunded). Either way no image twice, no coin lost or taken
// twice. Real processes on a real PostgreSQL database; skipped loudly without one.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { multipartBody, productPhoto } from "@studio/server/test-images";
import { signup } from "@studio/server/testing";
import {
  type Child,
  freshPostgres,
  inProcessApi,
  postgresUrl,
  spawnWorker,
  waitFor,
} from "@studio/server/testing-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

if (!postgresUrl) {
  console.warn(
    "\n### SKIPPED: worker crash test needs TEST_POSTGRES_URL (a PostgreSQL server) ###\n",
  );
}

describe.runIf(Boolean(postgresUrl))("a worker killed mid-job", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-crash-"));
  const secret = randomBytes(24).toString("hex");
  const shared = {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    JWT_SECRET: secret,
    CUTOUT_METHOD: "classical",
    WORKER_HEARTBEAT_SECONDS: "1",
    JOB_POLL_MS: "100",
    LOG_LEVEL: "info",
  };
  let db: Awaited<ReturnType<typeof freshPostgres>>;
  let api: Awaited<ReturnType<typeof inProcessApi>>;
  let apiNoRetry: Awaited<ReturnType<typeof inProcessApi>>;
  const children: Child[] = [];

  beforeAll(async () => {
    db = await freshPostgres(postgresUrl as string);
    api = await inProcessApi(db.url, { ...shared, RUN_JOBS: "false", LOG_LEVEL: "silent" });
    apiNoRetry = await inProcessApi(db.url, {
      ...shared,
      RUN_JOBS: "false",
      JOB_RETRY_LIMIT: "0",
      LOG_LEVEL: "silent",
    });
  });
  afterAll(async () => {
    for (const c of children) await c.stop("SIGKILL");
    await api?.close();
    await apiNoRetry?.close();
    await db?.drop();
  });

  const worker = () => {
    const c = spawnWorker({ ...shared, DATABASE_URL: db.url });
    children.push(c);
    return c;
  };

  async function submitOne(app: typeof api.app, color: number) {
    // (digits only, and none the signup's check reads as a letter: "crash" + "17…" is "crashit",
    // which holds a prohibited word, and refused 0.7 % of random hex names)
    const { userId, token } = await signup(app, {
      username: `crash${[...randomBytes(10)].map((b) => "2689"[b & 3]).join("")}`,
    });
    const coins = app.services.coins;
    const start = await coins.balance(userId);
    await coins.grant({ accountId: userId, amount: 10, key: `crash:${userId}`, reason: "test" });
    const body = multipartBody(await productPhoto({ color: { r: color, g: 60, b: 90 } }));
    const up = await app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
    // shopify = 2048 px: long enough to be killed in the middle
    const gen = await app.inject({
      method: "POST",
      url: "/api/generations",
      headers: { authorization: `Bearer ${token}` },
      payload: { uploadId: up.json().id, prompt: "marble podium", preset: "shopify" },
    });
    expect(gen.statusCode).toBe(202);
    return { userId, token, id: gen.json().id as string, start: start + 10 };
  }

  const row = async (id: string) =>
    (
      await api.database.executeSql<{ status: string; attempts: number; delivered: number }>(
        "select status, attempts, delivered from generations where id = $1",
        [id],
      )
    ).rows[0];
  const ledger = async (id: string) =>
    (
      await api.database.executeSql<{ idempotency_key: string; delta: number }>(
        "select idempotency_key, delta from coin_ledger where idempotency_key like $1 order by id",
        [`gen:${id}:%`],
      )
    ).rows;
  const images = async (id: string) =>
    (
      await api.database.executeSql<{ idx: number }>(
        "select idx from generation_images where generation_id = $1 order by idx",
        [id],
      )
    ).rows.map((r) => r.idx);

  async function killMidJob(id: string) {
    const a = worker();
    await waitFor(async () => (await row(id))?.status === "generating", 120_000, 20);
    a.process.kill("SIGKILL");
    await a.exited;
    expect((await row(id))?.status).toBe("generating");
    // it took the job only once its engine was warm (worker-process.ts)
    const out = a.output();
    const warm = out.indexOf('"msg":"engine warm"');
    expect(warm).toBeGreaterThan(-1);
    expect(warm).toBeLessThan(out.indexOf('"msg":"job runner started"'));
  }

  it("is finished by another worker: four images, four coins, once", async () => {
    const s = await submitOne(api.app, 200);
    await killMidJob(s.id);
    const b = worker();
    await waitFor(
      async () => ["done", "failed"].includes((await row(s.id))?.status ?? ""),
      150_000,
      200,
    );
    await b.stop(); // the next test needs the machine to itself
    expect(await row(s.id)).toMatchObject({ status: "done", delivered: 4 });
    expect((await row(s.id))?.attempts).toBeGreaterThanOrEqual(2);
    expect(await images(s.id)).toEqual([0, 1, 2, 3]);
    expect(await ledger(s.id)).toEqual([{ idempotency_key: `gen:${s.id}:reserve`, delta: -4 }]);
    expect(await api.app.services.coins.balance(s.userId)).toBe(s.start - 4);
    expect(await api.app.services.coins.ledgerTotal(s.userId)).toBe(s.start - 4);
  });

  it("with no attempt left, fails and refunds every coin", async () => {
    const s = await submitOne(apiNoRetry.app, 90);
    await killMidJob(s.id);
    const c = worker();
    await waitFor(
      async () => ["done", "failed"].includes((await row(s.id))?.status ?? ""),
      150_000,
      200,
    );
    await c.stop();
    expect(await row(s.id)).toMatchObject({ status: "failed" });
    expect(await ledger(s.id)).toEqual([
      { idempotency_key: `gen:${s.id}:reserve`, delta: -4 },
      { idempotency_key: `gen:${s.id}:refund`, delta: 4 },
    ]);
    expect(await api.app.services.coins.balance(s.userId)).toBe(s.start);
  });
});
