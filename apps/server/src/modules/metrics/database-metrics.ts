// Metrics read from the database at scrape time: the same figures whichever process answers
// (queue, workers, coins, payments, generation stage durations over the last hour).
import type { Database } from "../../db/database.ts";
import { esc } from "./http-metrics.ts";

const STAGE_QUANTILES = [0.5, 0.95, 0.99];

async function rows<R>(database: Database, text: string, values?: unknown[]): Promise<R[]> {
  return (await database.executeSql<R>(text, values)).rows;
}

export async function databaseMetricsText(
  database: Database,
  heartbeatSeconds: number,
): Promise<string> {
  const out: string[] = [];
  const gauge = (name: string, help: string, type = "gauge") =>
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

  gauge("studio_queue_depth", "Generations not finished, by status");
  const queue = await rows<{ status: string; n: number }>(
    database,
    `select status, count(*)::int as n from generations
      where status in ('waitlisted','accepted','processing','generating') group by status`,
  );
  for (const s of ["waitlisted", "accepted", "processing", "generating"]) {
    out.push(`studio_queue_depth{status="${s}"} ${queue.find((q) => q.status === s)?.n ?? 0}`);
  }

  gauge("studio_workers_alive", "Processes running job handlers with a recent heartbeat");
  const workers = await rows<{ kind: string; n: number }>(
    database,
    `select kind, count(*)::int as n from job_workers
      where last_seen_at > now() - make_interval(secs => $1) group by kind`,
    [heartbeatSeconds * 3],
  );
  for (const k of ["server", "worker"]) {
    out.push(`studio_workers_alive{kind="${k}"} ${workers.find((w) => w.kind === k)?.n ?? 0}`);
  }

  gauge(
    "studio_generation_stage_seconds",
    "Generation stage durations over the last hour (wait: queued to started; run: started to finished)",
    "summary",
  );
  for (const stage of ["wait", "run"] as const) {
    const expr = stage === "wait" ? "started_at - created_at" : "finished_at - started_at";
    const [q] = await rows<Record<string, number | null>>(
      database,
      `select ${STAGE_QUANTILES.map((p, i) => `percentile_cont(${p}) within group (order by extract(epoch from ${expr})) as q${i}`).join(", ")},
              coalesce(sum(extract(epoch from ${expr})), 0)::float8 as total, count(*)::int as n
         from generations
        where status = 'done' and finished_at > now() - interval '1 hour' and started_at is not null`,
    );
    STAGE_QUANTILES.forEach((p, i) => {
      const v = q?.[`q${i}`];
      out.push(
        `studio_generation_stage_seconds{stage="${stage}",quantile="${p}"} ${v == null ? "NaN" : Number(v)}`,
      );
    });
    out.push(`studio_generation_stage_seconds_sum{stage="${stage}"} ${Number(q?.total ?? 0)}`);
    out.push(`studio_generation_stage_seconds_count{stage="${stage}"} ${Number(q?.n ?? 0)}`);
  }

  gauge("studio_generations_failed_total", "Generations that failed", "counter");
  const [failed] = await rows<{ n: number }>(
    database,
    "select count(*)::int as n from generations where status = 'failed'",
  );
  out.push(`studio_generations_failed_total ${failed?.n ?? 0}`);

  gauge(
    "studio_coins_total",
    "Coins moved through the ledger, by kind (grant, spend, refund)",
    "counter",
  );
  const coins = await rows<{ kind: string; n: string }>(
    database,
    "select kind, coalesce(sum(abs(delta)), 0)::bigint as n from coin_ledger group by kind",
  );
  for (const k of ["grant", "spend", "refund"]) {
    out.push(`studio_coins_total{kind="${k}"} ${Number(coins.find((c) => c.kind === k)?.n ?? 0)}`);
  }

  gauge("studio_payments_total", "Payments by provider, currency and status", "counter");
  gauge("studio_payments_amount_total", "Payment amounts in the smallest currency unit", "counter");
  const payments = await rows<{
    provider: string;
    currency: string;
    status: string;
    n: number;
    amount: string;
  }>(
    database,
    `select provider, currency, status, count(*)::int as n, coalesce(sum(amount), 0)::bigint as amount
       from billing_payments group by provider, currency, status`,
  ).catch(() => []); // billing not migrated in this database
  for (const p of payments) {
    const l = `provider="${esc(p.provider)}",currency="${esc(p.currency)}",status="${esc(p.status)}"`;
    out.push(
      `studio_payments_total{${l}} ${p.n}`,
      `studio_payments_amount_total{${l}} ${Number(p.amount)}`,
    );
  }
  return out.join("\n");
}
