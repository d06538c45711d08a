// The scale suites' shared set-up: a fresh PostgreSQL database, the environment every process
// gets, workers started one first (it creates pg-boss's schema and queues) then the rest, API
// processes on free ports, and a seller signed up with coins granted through the ledger's rules.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Child,
  freshPostgres,
  postgresUrl,
  spawnApi,
  spawnWorker,
  waitFor,
} from "@studio/server/testing-cluster";
import pg from "pg";
import { signupBody } from "../../apps/server/src/testing/api-helpers.ts";

export { type Child, freshPostgres, postgresUrl, waitFor };

if (!postgresUrl) {
  console.warn(
    "\n######## SKIPPED: tests/scale needs TEST_POSTGRES_URL (a PostgreSQL server) ########\n",
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** what every process of a suite gets; `extra` adds or overrides */
export function clusterEnv(databaseUrl: string, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "studio-scale-")),
    JWT_SECRET: randomBytes(24).toString("hex"),
    ...extra,
  };
}

/** what a suite that renders needs: the classical cut-out, small outputs, signups unlimited */
export const renderEnv = {
  CUTOUT_METHOD: "classical",
  OUTPUT_MAX_SIDE: "256",
  RATE_LIMIT_SIGNUP: "1000/60",
};

/** `count` workers, each counted in job_workers before the call returns */
export async function startWorkers(
  env: Record<string, string>,
  sql: pg.Client,
  children: Child[],
  count: number,
): Promise<void> {
  const ready = async (n: number) =>
    (
      await sql
        .query("select count(*)::int as n from job_workers")
        .catch(() => ({ rows: [{ n: 0 }] }))
    ).rows[0].n >= n;
  children.push(spawnWorker(env));
  await waitFor(() => ready(1), 120_000, 250);
  for (let i = 1; i < count; i++) children.push(spawnWorker(env));
  await waitFor(() => ready(count), 120_000, 250);
}

/** `count` API processes, started one after the other (the first applies the migrations) */
export async function startApis(
  env: Record<string, string>,
  children: Child[],
  count: number,
): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    children.push(await spawnApi(env, port));
    urls.push(`http://127.0.0.1:${port}`);
  }
  return urls;
}

export async function connect(databaseUrl: string): Promise<pg.Client> {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  return sql;
}

/** signs a seller up on `api` and grants `coins` the way billing does: one ledger row, unique key */
export async function sellerWithCoins(
  api: string,
  sql: pg.Client,
  name: string,
  coins: number,
): Promise<{ status: number; userId: string; token: string }> {
  const tag = `${name}${randomBytes(3).toString("hex")}`;
  const res = await fetch(`${api}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(signupBody({ username: tag, userEmail: `${tag}@example.com` })),
  });
  const { userId, token } = (await res.json()) as { userId: string; token: string };
  await sql.query("begin");
  const bal = await sql.query(
    "update accounts set balance = balance + $2 where id = $1 returning balance",
    [userId, coins],
  );
  await sql.query(
    "insert into coin_ledger (account_id, delta, kind, reason, idempotency_key, balance_after) values ($1, $2, 'grant', 'scale test', $3, $4)",
    [userId, coins, `scale:${userId}`, bal.rows[0].balance],
  );
  await sql.query("commit");
  return { status: res.status, userId, token };
}
