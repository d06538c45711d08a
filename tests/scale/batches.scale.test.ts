// Scaled out: a batch of 100 photos through the public API on one API process and two worker
// processes sharing a fresh PostgreSQL database. Every photo is processed exactly once (one
// attempt, one job, its images once), both workers take part, the coins are reserved once,
// and a loopback webhook receiver sees each generation.done and the batch.done exactly once.
import { createServer } from "node:http";
import { productPhoto } from "@studio/server/test-images";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipStore } from "../../apps/server/src/http/zip.ts";
import {
  type Child,
  clusterEnv,
  connect,
  freshPostgres,
  postgresUrl,
  renderEnv,
  sellerWithCoins,
  startApis,
  startWorkers,
  waitFor,
} from "./cluster.ts";

const PHOTOS = 100;

describe.runIf(Boolean(postgresUrl))("a batch of 100 through two workers", () => {
  const children: Child[] = [];
  let api = "";
  let db: Awaited<ReturnType<typeof freshPostgres>>;
  let sql: pg.Client;
  const events: { id: string; type: string }[] = [];
  const hooks = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const e = JSON.parse(body);
      events.push({ id: e.id, type: e.type });
      res.end("ok");
    });
  });

  beforeAll(async () => {
    await new Promise<void>((r) => hooks.listen(0, "127.0.0.1", r));
    db = await freshPostgres(postgresUrl as string);
    const env = clusterEnv(db.url, {
      ...renderEnv,
      JOB_POLL_MS: "100",
      WEBHOOK_ALLOW_PRIVATE: "true",
    });
    sql = await connect(db.url);
    await startWorkers(env, sql, children, 2);
    [api] = (await startApis(env, children, 1)) as [string];
  });

  afterAll(async () => {
    await Promise.all(children.map((c) => c.stop("SIGTERM")));
    await sql?.end();
    await db?.drop();
    await new Promise((r) => hooks.close(r));
  });

  it("processes each photo exactly once", async () => {
    const { userId, token } = await sellerWithCoins(api, sql, "batch", 100);
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const key = (
      (await (
        await fetch(`${api}/api/keys`, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({ name: "scale", scopes: ["generate", "read"] }),
        })
      ).json()) as { key: string }
    ).key;
    const port = (hooks.address() as { port: number }).port;
    const hook = await fetch(`${api}/api/webhooks`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        url: `http://127.0.0.1:${port}/hooks`,
        events: ["generation.done", "generation.failed", "batch.done"],
      }),
    });
    expect(hook.status).toBe(201);

    const files = [];
    for (let i = 0; i < PHOTOS; i++) {
      files.push({
        name: `p${String(i).padStart(3, "0")}.jpg`,
        bytes: await productPhoto({
          size: 160,
          color: { r: (i * 37) % 256, g: 90, b: (i * 11) % 256 },
        }),
      });
    }
    const form = new FormData();
    form.append("archive", new Blob([zipStore(files)]), "photos.zip");
    form.append("prompt", "white marble podium");
    form.append("count", "1");
    const created = await fetch(`${api}/v1/batches`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "idempotency-key": "scale-batch-1" },
      body: form,
    });
    expect(created.status).toBe(202);
    const batch = (await created.json()) as { id: string; cost: number };
    expect(batch.cost).toBe(PHOTOS);

    let progress: { status: string; done: number; failed: number } = {
      status: "",
      done: 0,
      failed: 0,
    };
    await waitFor(
      async () => {
        const r = await fetch(`${api}/v1/batches/${batch.id}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        progress = (await r.json()) as typeof progress;
        return progress.status === "done";
      },
      280_000,
      500,
    );
    expect(progress).toMatchObject({ status: "done", done: PHOTOS, failed: 0 });

    const rows = (
      await sql.query(
        `select g.id, g.status, g.attempts, g.worker_id, count(i.idx)::int as images
         from batch_items b join generations g on g.id = b.generation_id
         left join generation_images i on i.generation_id = g.id
         where b.batch_id = $1 group by g.id`,
        [batch.id],
      )
    ).rows;
    expect(rows).toHaveLength(PHOTOS);
    for (const r of rows) expect(r).toMatchObject({ status: "done", attempts: 1, images: 1 });
    expect(new Set(rows.map((r) => r.worker_id)).size).toBe(2);
    const jobs = (
      await sql.query(
        "select state, count(*)::int as n from pgboss.job where name = 'batch.item' group by state",
      )
    ).rows;
    expect(jobs).toEqual([{ state: "completed", n: PHOTOS }]);
    const ledger = (
      await sql.query(
        "select idempotency_key, delta from coin_ledger where account_id = $1 and kind <> 'grant'",
        [userId],
      )
    ).rows;
    expect(ledger).toEqual([{ idempotency_key: `batch:${batch.id}:reserve`, delta: -PHOTOS }]);

    await waitFor(() => events.length >= PHOTOS + 1, 60_000, 200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(events.filter((e) => e.type === "generation.done")).toHaveLength(PHOTOS);
    expect(events.filter((e) => e.type === "batch.done")).toHaveLength(1);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);

    const zip = await fetch(`${api}/v1/batches/${batch.id}/results`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.readUInt16LE(bytes.length - 12)).toBe(PHOTOS); // entries in the directory
  });
});
