// Scaled out: two API processes and two worker processes on one fresh PostgreSQL database,
// files in S3-compatible storage (a SigV4-checking stand-in). 40 generations submitted at once
// across both APIs: each completes exactly once, and no client ever sees its position go up.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { startS3StandIn } from "@studio/server/s3-stand-in";
import { multipartBody, productPhoto } from "@studio/server/test-images";
import {
  type Child,
  freshPostgres,
  postgresUrl,
  spawnApi,
  spawnWorker,
  waitFor,
} from "@studio/server/testing-cluster";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

if (!postgresUrl) {
  console.warn(
    "\n######## SKIPPED: tests/scale needs TEST_POSTGRES_URL (a PostgreSQL server) ########\n",
  );
}

const USERS = 10;
const PER_USER = 4;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

describe.runIf(Boolean(postgresUrl))("two APIs, two workers, one PostgreSQL", () => {
  const children: Child[] = [];
  const apis: string[] = [];
  let db: Awaited<ReturnType<typeof freshPostgres>>;
  let s3: Awaited<ReturnType<typeof startS3StandIn>>;
  let sql: pg.Client;

  beforeAll(async () => {
    db = await freshPostgres(postgresUrl as string);
    const creds = { accessKeyId: "scale", secretAccessKey: randomBytes(12).toString("hex") };
    s3 = await startS3StandIn({ ...creds, region: "us-east-1", bucket: "studio" });
    const env = {
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      DATABASE_URL: db.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "studio-scale-")),
      JWT_SECRET: randomBytes(24).toString("hex"),
      STORAGE_URL: `s3://${creds.accessKeyId}:${creds.secretAccessKey}@${s3.url.slice(7)}/studio?tls=false`,
      CUTOUT_METHOD: "classical",
      OUTPUT_MAX_SIDE: "256",
      JOB_POLL_MS: "200",
      RATE_LIMIT_SIGNUP: "1000/60",
    };
    // one worker first: it creates pg-boss's schema and queues; then everyone else at once
    const first = spawnWorker(env);
    children.push(first);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    const workersReady = async (n: number) =>
      (
        await sql
          .query("select count(*)::int as n from job_workers")
          .catch(() => ({ rows: [{ n: 0 }] }))
      ).rows[0].n >= n;
    await waitFor(() => workersReady(1), 120_000, 250);
    children.push(spawnWorker(env));
    const ports = [await freePort(), await freePort()];
    const started = await Promise.all(ports.map((p) => spawnApi(env, p)));
    children.push(...started);
    apis.push(...ports.map((p) => `http://127.0.0.1:${p}`));
    await waitFor(() => workersReady(2), 120_000, 250);
  });

  afterAll(async () => {
    await Promise.all(children.map((c) => c.stop("SIGTERM")));
    await sql?.end();
    await s3?.close();
    await db?.drop();
  });

  const call = async (api: string, method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`${api}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("completes 40 generations exactly once; positions never go up", async () => {
    const users: { userId: string; token: string; uploadId: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const api = apis[i % 2] as string;
      const su = await call(api, "POST", "/api/signup", undefined, {
        username: `scale${i}${randomBytes(3).toString("hex")}`,
        userEmail: `scale${i}${randomBytes(3).toString("hex")}@example.com`,
        password: "correct horse battery",
        gender: "",
        dob: "",
        location: "",
        language: "en-US",
        occupation: "",
        field: "",
      });
      expect(su.status).toBe(201);
      const { userId, token } = su.body as { userId: string; token: string };
      // coins through the ledger's own rules, like billing will: one grant row, unique key
      await sql.query("begin");
      const bal = await sql.query(
        "update accounts set balance = balance + 16 where id = $1 returning balance",
        [userId],
      );
      await sql.query(
        "insert into coin_ledger (account_id, delta, kind, reason, idempotency_key, balance_after) values ($1, 16, 'grant', 'scale test', $2, $3)",
        [userId, `scale:${userId}`, bal.rows[0].balance],
      );
      await sql.query("commit");
      // half the users are past their first 200 photos: normal lane
      if (i % 2 === 1)
        await sql.query("update accounts set image_generated = 500 where id = $1", [userId]);
      const photo = multipartBody(
        await productPhoto({ color: { r: (i * 23) % 256, g: 80, b: 140 } }),
      );
      const up = await fetch(`${api}/api/uploads`, {
        method: "POST",
        headers: { ...photo.headers, authorization: `Bearer ${token}` },
        body: photo.payload,
      });
      expect(up.status).toBe(201);
      users.push({ userId, token, uploadId: ((await up.json()) as { id: string }).id });
    }
    const startBalances = new Map<string, number>();
    for (const u of users) {
      startBalances.set(
        u.userId,
        (await sql.query("select balance from accounts where id = $1", [u.userId])).rows[0].balance,
      );
    }

    // 40 at once, alternating between the two API processes
    const submits = await Promise.all(
      Array.from({ length: USERS * PER_USER }, (_, k) => {
        const u = users[k % USERS] as (typeof users)[number];
        return call(apis[k % 2] as string, "POST", "/api/generations", u.token, {
          uploadId: u.uploadId,
          prompt: k % 3 === 0 ? "on a marble podium" : "wooden tabletop, morning light",
        }).then((r) => ({ ...r, user: u }));
      }),
    );
    expect(submits.map((s) => s.status)).toEqual(Array(40).fill(202));
    const gens = submits.map((s) => ({
      id: s.body.id as string,
      user: s.user,
      positions: [] as number[],
    }));
    for (const g of gens) {
      const p = submits.find((s) => s.body.id === g.id)?.body.position;
      if (typeof p === "number") g.positions.push(p);
    }

    // watch every generation through both APIs until all are done
    let round = 0;
    await waitFor(
      async () => {
        round++;
        const states = await Promise.all(
          gens.map((g, k) =>
            call(
              apis[(k + round) % 2] as string,
              "GET",
              `/api/check-position?generationId=${g.id}`,
              g.user.token,
            ),
          ),
        );
        states.forEach((s, k) => {
          expect(s.status).toBe(200);
          if (typeof s.body.position === "number") gens[k]?.positions.push(s.body.position);
        });
        return states.every((s) => s.body.status === "done" || s.body.status === "failed");
      },
      240_000,
      300,
    );

    for (const g of gens) {
      for (let i = 1; i < g.positions.length; i++) {
        expect(
          g.positions[i],
          `positions of ${g.id}: ${g.positions.join(",")}`,
        ).toBeLessThanOrEqual(g.positions[i - 1] as number);
      }
    }
    const rows = (
      await sql.query(
        `select g.id, g.status, g.attempts, g.worker_id, count(i.idx)::int as images, count(distinct i.idx)::int as distinct_images
         from generations g left join generation_images i on i.generation_id = g.id group by g.id`,
      )
    ).rows;
    expect(rows).toHaveLength(40);
    for (const r of rows)
      expect(r).toMatchObject({ status: "done", attempts: 1, images: 4, distinct_images: 4 });
    expect(new Set(rows.map((r) => r.worker_id)).size).toBe(2); // both workers worked
    const jobs = (
      await sql.query(
        "select state, count(*)::int as n from pgboss.job where name = 'generation.run' group by state",
      )
    ).rows;
    expect(jobs).toEqual([{ state: "completed", n: 40 }]);
    const ledger = (
      await sql.query(
        "select idempotency_key, delta from coin_ledger where idempotency_key like 'gen:%'",
      )
    ).rows;
    expect(ledger).toHaveLength(40);
    expect(ledger.every((e) => e.delta === -4 && e.idempotency_key.endsWith(":reserve"))).toBe(
      true,
    );
    for (const u of users) {
      const b = (
        await sql.query("select balance, image_generated from accounts where id = $1", [u.userId])
      ).rows[0];
      expect(b.balance).toBe((startBalances.get(u.userId) ?? 0) - 16);
    }
    // every image is in object storage once, under its fixed key
    const keys = [...s3.objects.keys()].filter((k) => k.startsWith("gen/"));
    expect(keys).toHaveLength(160);
    // a generated image comes back through either API
    const one = gens[0] as (typeof gens)[number];
    const g = await call(apis[1] as string, "GET", `/api/generations/${one.id}`, one.user.token);
    const url = (g.body.images as { url: string }[])[0]?.url as string;
    const img = await fetch(`${apis[0]}${url}`);
    expect(img.headers.get("content-type")).toBe("image/jpeg");
  });
});
