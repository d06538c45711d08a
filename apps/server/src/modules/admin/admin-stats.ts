// The console's pictures: the sign-up funnel and daily series, computed in SQL over the last
// `days` days (UTC days). Billing tables may be absent in a database: revenue is then null.
import type { DailyPoint } from "@studio/contracts";
import type { Database } from "../../db/database.ts";

async function count(database: Database, text: string, values: unknown[]): Promise<number> {
  const r = await database.executeSql<{ n: string | number }>(text, values);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * One cohort, the accounts created in the window, followed step by step: each step counts the
 * accounts of the step before that went on, so no step exceeds the one before it.
 * Visits are the browser sessions seen in the window, plus the cohort's accounts that arrived
 * with no recorded visit (signed up through the API, or with analytics blocked): every account
 * came from somewhere, so sign-ups never exceed visits either.
 */
export async function funnel(database: Database, days: number, now = Date.now()) {
  const sinceMs = now - days * 86400_000;
  const since = new Date(sinceMs).toISOString();
  const cohort = await database.executeSql<Record<string, string | number>>(
    `with c as (
       select a.id, a.email_verified as verified,
         exists (select 1 from generations g where g.account_id = a.id) as generated,
         exists (select 1 from analytics_events e where e.account_id = a.id
                   and e.session_id is not null and e.created_at >= $2) as visited
       from accounts a where a.created_at >= $1)
     select count(*) as signup,
       count(*) filter (where verified) as verified,
       count(*) filter (where verified and generated) as generated,
       count(*) filter (where not visited) as unseen
     from c`,
    [since, sinceMs],
  );
  const row = cohort.rows[0] ?? {};
  const n = (k: string) => Number(row[k] ?? 0);
  const sessions = await count(
    database,
    "select count(distinct session_id) as n from analytics_events where created_at >= $1",
    [sinceMs],
  );
  // billing tables may be absent (a database without the billing module): nobody paid
  const paid = await count(
    database,
    `select count(*) as n from accounts a
      where a.created_at >= $1 and a.email_verified
        and exists (select 1 from generations g where g.account_id = a.id)
        and exists (select 1 from billing_payments p where p.account_id = a.id
                      and p.status in ('paid', 'refunded'))`,
    [since],
  ).catch(() => 0);
  return [
    { step: "visit", count: sessions + n("unseen") },
    { step: "signup", count: n("signup") },
    { step: "verified", count: n("verified") },
    { step: "firstGeneration", count: n("generated") },
    { step: "paid", count: paid },
  ];
}

export async function daily(database: Database, days: number) {
  const series = await database.executeSql<Record<string, unknown>>(
    `with d as (
       select generate_series(date_trunc('day', now() at time zone 'utc') - make_interval(days => $1 - 1),
                              date_trunc('day', now() at time zone 'utc'), interval '1 day') as day)
     select to_char(d.day, 'YYYY-MM-DD') as day,
       (select count(*) from accounts a where (a.created_at at time zone 'utc') >= d.day
          and (a.created_at at time zone 'utc') < d.day + interval '1 day') as signups,
       (select count(*) from generations g where (g.created_at at time zone 'utc') >= d.day
          and (g.created_at at time zone 'utc') < d.day + interval '1 day') as generations,
       (select count(*) from generation_images i where (i.created_at at time zone 'utc') >= d.day
          and (i.created_at at time zone 'utc') < d.day + interval '1 day') as images,
       (select coalesce(sum(-delta), 0) from coin_ledger c where c.kind = 'spend'
          and (c.created_at at time zone 'utc') >= d.day
          and (c.created_at at time zone 'utc') < d.day + interval '1 day') as coins_spent,
       (select percentile_cont(0.5) within group (order by extract(epoch from g.finished_at - g.started_at))
          from generations g where g.status = 'done' and (g.finished_at at time zone 'utc') >= d.day
          and (g.finished_at at time zone 'utc') < d.day + interval '1 day') as p50,
       (select percentile_cont(0.95) within group (order by extract(epoch from g.finished_at - g.started_at))
          from generations g where g.status = 'done' and (g.finished_at at time zone 'utc') >= d.day
          and (g.finished_at at time zone 'utc') < d.day + interval '1 day') as p95
     from d order by d.day`,
    [days],
  );
  const points: DailyPoint[] = series.rows.map((r) => ({
    day: String(r.day),
    signups: Number(r.signups),
    generations: Number(r.generations),
    images: Number(r.images),
    coinsSpent: Number(r.coins_spent),
    p50Seconds: r.p50 == null ? null : Number(r.p50),
    p95Seconds: r.p95 == null ? null : Number(r.p95),
  }));
  const revenue = await database
    .executeSql<Record<string, unknown>>(
      `select to_char(date_trunc('day', created_at at time zone 'utc'), 'YYYY-MM-DD') as day, currency,
              sum(amount)::bigint as amount
         from billing_payments where status = 'paid' and created_at >= now() - make_interval(days => $1)
        group by 1, 2 order by 1`,
      [days],
    )
    .then((r) =>
      r.rows.map((x) => ({
        day: String(x.day),
        currency: String(x.currency),
        amount: Number(x.amount),
      })),
    )
    .catch(() => null);
  return { points, revenue };
}
