// GET /metrics (Prometheus text format, behind METRICS_TOKEN), GET /api/live (the process
// answers) and GET /api/ready (the database answers, every migration is applied, and a
// process that runs jobs has a recent heartbeat, and this process's engine has warmed up at
// start — docs/decisions/0506): 503 with the failed checks otherwise.
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database.ts";
import { readMigrations } from "../../db/migrate.ts";
import { databaseMetricsText } from "./database-metrics.ts";
import { engineThreadMetrics } from "./engine-thread-metrics.ts";
import { createHttpMetrics } from "./http-metrics.ts";

export interface MetricsOptions {
  database: Database;
  /** METRICS_TOKEN; /metrics answers 404 when unset */
  token: string | undefined;
  heartbeatSeconds: number;
  /** false while this process's engine warms up at start (ENGINE_WARM); absent: no check */
  engineReady?: () => boolean;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function readiness(
  database: Database,
  heartbeatSeconds: number,
  engineReady?: () => boolean,
) {
  const checks: Record<string, { ok: boolean; detail?: string }> = {};
  if (engineReady) {
    checks.engine = engineReady()
      ? { ok: true }
      : { ok: false, detail: "loading the cut-out model and warming the renderer" };
  }
  try {
    await database.executeSql("select 1");
    checks.database = { ok: true };
  } catch (err) {
    checks.database = { ok: false, detail: err instanceof Error ? err.message : "unreachable" };
  }
  if (checks.database.ok) {
    const applied = new Set(
      (await database.executeSql<{ name: string }>("select name from schema_migrations")).rows.map(
        (r) => r.name,
      ),
    );
    const missing = readMigrations()
      .filter((m) => !applied.has(m.name))
      .map((m) => m.name);
    checks.migrations = missing.length
      ? { ok: false, detail: `not applied: ${missing.join(", ")}` }
      : { ok: true };
    const [w] = (
      await database.executeSql<{ n: number }>(
        "select count(*)::int as n from job_workers where last_seen_at > now() - make_interval(secs => $1)",
        [heartbeatSeconds * 3],
      )
    ).rows;
    checks.worker = (w?.n ?? 0) > 0 ? { ok: true } : { ok: false, detail: "no process runs jobs" };
  }
  return { ok: Object.values(checks).every((c) => c.ok), checks };
}

export async function metricsRoutes(app: FastifyInstance, opts: MetricsOptions) {
  const http = createHttpMetrics();
  http.register(app);

  app.get("/api/live", { schema: { hide: true } }, async () => ({ ok: true }));

  app.get("/api/ready", { schema: { hide: true } }, async (_request, reply) => {
    const result = await readiness(opts.database, opts.heartbeatSeconds, opts.engineReady);
    return reply.code(result.ok ? 200 : 503).send(result);
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!opts.token) return reply.code(404).send({ error: "metrics are not configured" });
    const auth = request.headers.authorization ?? "";
    const given = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    if (!sameToken(given, opts.token))
      return reply.code(401).send({ error: "a metrics token is required" });
    const mem = process.memoryUsage();
    const text = [
      http.text(),
      "# HELP studio_engine_thread_busy_seconds_total Time the engine thread spent working",
      "# TYPE studio_engine_thread_busy_seconds_total counter",
      `studio_engine_thread_busy_seconds_total ${engineThreadMetrics.busyMs() / 1000}`,
      "# HELP process_resident_memory_bytes Resident memory",
      "# TYPE process_resident_memory_bytes gauge",
      `process_resident_memory_bytes ${mem.rss}`,
      await databaseMetricsText(opts.database, opts.heartbeatSeconds),
      "",
    ].join("\n");
    return reply.type("text/plain; version=0.0.4; charset=utf-8").send(text);
  });
}

// not encapsulated: the latency hook must see every route of the app
Object.assign(metricsRoutes, { [Symbol.for("skip-override")]: true });
