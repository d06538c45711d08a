// Scaled out: two API processes and two worker processes on one fresh PostgreSQL database,
// files in S3-compatible storage (a SigV4-checking stand-in). 40 generations submitted at once
// across both APIs: each completes exactly once, and no client ever sees its position go up.
import { randomBytes } from "node:crypto";
import { startS3StandIn } from "@studio/server/s3-stand-in";
import { multipartBody, productPhoto } from "@studio/server/test-images";
import { spawnApi } from "@studio/server/testing-cluster";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Child,
  clusterEnv,
  connect,
  freePort,
  freshPostgres,
  postgresUrl,
  renderEnv,
  sellerWithCoins,
  startWorkers,
  waitFor,
} from "./cluster.ts";

const USERS = 10;
const PER_USER = 4;

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
    const env = clusterEnv(db.url, {
      ...renderEnv,
      STORAGE_URL: `s3://${creds.accessKeyId}:${creds.secretAccessKey}@${s3.url.slice(7)}/studio?tls=false`,
      JOB_POLL_MS: "200",
    });
    sql = await connect(db.url);
    // the workers first (the first creates pg-boss's schema and queues), then both APIs at once
    await startWorkers(env, sql, children, 2);
    const ports = [await freePort(), await freePort()];
    const started = await Promise.all(ports.map((p) => spawnApi(env, p)));
    children.push(...started);
    apis.push(...ports.map((p) => `http://127.0.0.1:${p}`));
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
      const { status, userId, token } = await sellerWithCoins(api, sql, `scale${i}`, 16);
      expect(status).toBe(201);
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
