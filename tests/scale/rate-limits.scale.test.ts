// Scaled out: two API processes on one PostgreSQL database share one rate limit and one
// failed-login count per account (counters in the database, decision 0902). Requests
// alternate between the processes; with counters in memory each would allow its own share.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Child, clusterEnv, freshPostgres, postgresUrl, startApis } from "./cluster.ts";

describe.runIf(Boolean(postgresUrl))("two APIs, one PostgreSQL: shared limits", () => {
  const children: Child[] = [];
  const apis: string[] = [];
  let db: Awaited<ReturnType<typeof freshPostgres>>;

  beforeAll(async () => {
    db = await freshPostgres(postgresUrl as string);
    const env = clusterEnv(db.url, { TRUST_PROXY: "true", RATE_LIMIT_LOGIN: "6/60" });
    apis.push(...(await startApis(env, children, 2)));
  });

  afterAll(async () => {
    await Promise.all(children.map((c) => c.stop("SIGTERM")));
    await db?.drop();
  });

  const login = async (api: string, ip: string, userEmail: string) => {
    const res = await fetch(`${api}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ userEmail, password: "wrong-password" }),
    });
    return res.status;
  };

  it("one per-address login limit across both processes", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      codes.push(await login(apis[i % 2] as string, "203.0.113.1", `someone${i}@example.test`));
    }
    // 6 per minute in all, not 6 per process
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    // another address is unaffected, on either process
    expect(await login(apis[0] as string, "203.0.113.9", "other@example.test")).toBe(401);
  });

  it("one failed-login count per account across both processes", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(await login(apis[i % 2] as string, "203.0.113.2", "victim@example.test"));
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
