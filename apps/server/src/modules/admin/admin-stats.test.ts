// The funnel follows one cohort: a known set of accounts, some outside the window, read back.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { createTestDatabase, dbKinds, type TestDatabase } from "../../testing/test-harness.ts";
import { funnel } from "./admin-stats.ts";

const DAY = 86400_000;

describe.each(dbKinds)("admin funnel on %s", (kind) => {
  let t: TestDatabase;
  let db: Database;
  const now = Date.now();
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    db = t.database;
  });
  afterAll(async () => {
    await t.drop();
  });

  const account = async (
    id: string,
    o: { daysAgo: number; verified: boolean; generated?: boolean; paid?: boolean },
  ) => {
    await db.executeSql(
      `insert into accounts (id, username, username_key, email, email_verified, created_at)
       values ($1, $1, $1, $2, $3, $4)`,
      [id, `${id}@example.test`, o.verified, new Date(now - o.daysAgo * DAY).toISOString()],
    );
    if (o.generated) {
      await db.executeSql(
        `insert into generations (id, account_id, preset, image_count, reserved, priority, seed, status)
         values ($1, $2, 'product', 4, 0, 0, 1, 'done')`,
        [randomUUID(), id],
      );
    }
    if (o.paid) {
      await db.executeSql(
        `insert into billing_payments (id, account_id, provider, plan_type, amount, currency, status)
         values ($1, $2, 'stripe', 'PRODUCT_PRO', 999, 'usd', 'paid')`,
        [randomUUID(), id],
      );
    }
  };
  const visit = (session: string, accountId: string | null, daysAgo: number) =>
    db.executeSql(
      "insert into analytics_events (key, session_id, account_id, created_at) values ('page', $1, $2, $3)",
      [session, accountId, now - daysAgo * DAY],
    );

  it("counts each step among the accounts of the step before, none outside the window", async () => {
    await account("c1", { daysAgo: 1, verified: true, generated: true, paid: true });
    await account("c2", { daysAgo: 2, verified: true, generated: true });
    await account("c3", { daysAgo: 3, verified: true });
    await account("c4", { daysAgo: 4, verified: false, generated: true });
    await account("c5", { daysAgo: 5, verified: false, generated: true, paid: true });
    // an older account active in the window belongs to another cohort
    await account("old", { daysAgo: 40, verified: true, generated: true, paid: true });
    await visit("s1", "c1", 1);
    await visit("s1", null, 1);
    await visit("s3", "c3", 3);
    await visit("s9", null, 2);
    await visit("s10", null, 6);
    await visit("s-old", "old", 40);

    const steps = await funnel(db, 30, now);
    // visits: s1, s3, s9, s10, and c2, c4, c5 that arrived unseen
    expect(steps).toEqual([
      { step: "visit", count: 7 },
      { step: "signup", count: 5 },
      { step: "verified", count: 3 },
      { step: "firstGeneration", count: 2 },
      { step: "paid", count: 1 },
    ]);
    const week = await funnel(db, 3.5, now);
    expect(week.map((s) => s.count)).toEqual([4, 3, 3, 2, 1]);
  });
});
