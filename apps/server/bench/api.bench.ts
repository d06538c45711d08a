// npm run bench:api — autocannon on loopback against a bare hello route and the
// authenticated, database-backed credits route, on PGlite and on PostgreSQL (when reachable).
// The server runs in a child process so the load generator does not share its event loop.
// Prints requests/s, p50 and p99 per route and database. Figures, not assertions.
import { type ChildProcess, fork } from "node:child_process";
import { cpus, loadavg } from "node:os";
import autocannon from "autocannon";
import type { DbKind } from "../src/testing/test-harness.ts";

const DURATION_S = 8;
const CONNECTIONS = 50;
const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/postgres";

interface Ready {
  port: number;
  token: string;
  userId: string;
}

async function serve(kind: DbKind): Promise<void> {
  const { createTestDatabase, testConfig } = await import("../src/testing/test-harness.ts");
  const { buildApp } = await import("../src/app.ts");
  const tdb = await createTestDatabase(kind);
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: "silent" }),
    database: tdb.database,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const res = await app.inject({
    method: "POST",
    url: "/api/signup",
    payload: {
      username: "benchuser",
      userEmail: "bench@example.com",
      password: "bench password",
      gender: "",
      dob: "",
      location: "",
      language: "",
      occupation: "",
      field: "",
    },
  });
  const { token, userId } = res.json();
  process.send?.({ port, token, userId } satisfies Ready);
  process.on("message", async (m) => {
    if (m === "stop") {
      await app.close();
      await tdb.drop();
      process.exit(0);
    }
  });
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function benchKind(kind: DbKind, env: NodeJS.ProcessEnv) {
  const child: ChildProcess = fork(process.argv[1] ?? "", ["--serve", kind], {
    execArgv: process.execArgv,
    env,
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("message", (m) => resolve(m as Ready));
    child.once("exit", (code) => reject(new Error(`server for ${kind} exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${ready.port}`;
  const rows = [];
  for (const route of [
    { name: "GET /api/hello", url: `${base}/api/hello`, method: "GET" as const },
    {
      name: "POST /api/credits (bearer)",
      url: `${base}/api/credits`,
      method: "POST" as const,
      headers: { authorization: `Bearer ${ready.token}`, "content-type": "application/json" },
      body: JSON.stringify({ userId: ready.userId, countUsage: true }),
    },
  ]) {
    const r = await run({ ...route, connections: CONNECTIONS, duration: DURATION_S });
    rows.push({
      database: kind,
      route: route.name,
      "req/s": Math.round(r.requests.average),
      "p50 ms": r.latency.p50,
      "p99 ms": r.latency.p99,
      errors: r.errors + r.non2xx,
    });
  }
  child.send("stop");
  await new Promise((resolve) => child.once("exit", resolve));
  return rows;
}

async function main() {
  const serveAt = process.argv.indexOf("--serve");
  if (serveAt >= 0) return serve(process.argv[serveAt + 1] as DbKind);
  const { testPostgresUrl } = await import("../src/config.ts");
  const { postgresReachable } = await import("../src/modules/jobs/process-cluster.test-helper.ts");
  const pgUrl = testPostgresUrl() ?? DEFAULT_PG;
  const kinds: DbKind[] = ["pglite"];
  if (await postgresReachable(pgUrl, 1000)) kinds.push("postgres");
  else console.warn(`### PostgreSQL not reachable at ${pgUrl}: PGlite figures only. ###`);
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per route, loopback`);
  console.log(`${cpus().length} CPUs, load average before: ${load()}\n`);
  const rows = [];
  for (const kind of kinds) {
    rows.push(...(await benchKind(kind, { ...process.env, TEST_POSTGRES_URL: pgUrl })));
  }
  console.table(rows);
  console.log(`load average after: ${load()} (other work on the machine depresses these figures)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
