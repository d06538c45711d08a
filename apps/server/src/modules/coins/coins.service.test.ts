import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { createTestDatabase, dbKinds, type TestDatabase } from "../../testing/test-harness.ts";
import { insertAccount } from "../accounts/accounts.repository.ts";
import { type CoinsService, createCoinsService, NotEnoughCoinsError } from "./coins.service.ts";

async function newAccount(database: Database): Promise<string> {
  const id = randomUUID();
  const inserted = await insertAccount(database.db, {
    id,
    username: `u${id.slice(0, 8)}`,
    usernameKey: `u${id}`,
    email: `${id}@example.com`,
  });
  if (!inserted.ok) throw new Error(`test account ${id} clashed on its ${inserted.clash}`);
  return id;
}

describe.each(dbKinds)("coins service on %s", (kind) => {
  let tdb: TestDatabase;
  let coins: CoinsService;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    coins = createCoinsService(tdb.database.db);
  });
  afterAll(async () => {
    await tdb.drop();
  });

  it("grants once per idempotency key and keeps the ledger sum equal to the balance", async () => {
    const id = await newAccount(tdb.database);
    const first = await coins.grant({
      accountId: id,
      amount: 20,
      key: `t:${id}:1`,
      reason: "test",
    });
    expect(first).toMatchObject({ applied: true, balance: 20 });
    const again = await coins.grant({
      accountId: id,
      amount: 20,
      key: `t:${id}:1`,
      reason: "test",
    });
    expect(again).toMatchObject({ applied: false, balance: 20 });
    expect(await coins.balance(id)).toBe(20);
    expect(await coins.ledgerTotal(id)).toBe(20);
  });

  it("refuses a key reused for a different movement", async () => {
    const id = await newAccount(tdb.database);
    await coins.grant({ accountId: id, amount: 5, key: `k:${id}`, reason: "test" });
    await expect(
      coins.grant({ accountId: id, amount: 6, key: `k:${id}`, reason: "test" }),
    ).rejects.toThrow(/already used/);
  });

  it("refuses a spend below zero with 'Not enough credits'", async () => {
    const id = await newAccount(tdb.database);
    await coins.grant({ accountId: id, amount: 3, key: `g:${id}`, reason: "test" });
    const err = await coins
      .spend({ accountId: id, amount: 4, key: `s:${id}`, reason: "test" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(NotEnoughCoinsError);
    expect(err.error).toBe("Not enough credits");
    expect(await coins.balance(id)).toBe(3);
    expect(await coins.history(id)).toHaveLength(1);
  });

  it("refunds a spend fully, or partly with distinct keys, never beyond it", async () => {
    const id = await newAccount(tdb.database);
    await coins.grant({ accountId: id, amount: 10, key: `g:${id}`, reason: "test" });
    await coins.spend({ accountId: id, amount: 4, key: `gen:${id}`, reason: "generation" });
    const part = await coins.refund({
      accountId: id,
      spendKey: `gen:${id}`,
      amount: 1,
      key: `r1:${id}`,
    });
    expect(part).toMatchObject({ applied: true, balance: 7 });
    const rest = await coins.refund({ accountId: id, spendKey: `gen:${id}` });
    expect(rest).toMatchObject({ applied: true, balance: 10 });
    const replay = await coins.refund({ accountId: id, spendKey: `gen:${id}` });
    expect(replay.applied).toBe(false);
    await expect(
      coins.refund({ accountId: id, spendKey: `gen:${id}`, amount: 1, key: `r2:${id}` }),
    ).rejects.toThrow(/exceeds/);
    expect(await coins.balance(id)).toBe(10);
    expect(await coins.ledgerTotal(id)).toBe(10);
  });

  it("joins the caller's transaction and rolls back with it", async () => {
    const id = await newAccount(tdb.database);
    await coins.grant({ accountId: id, amount: 5, key: `g:${id}`, reason: "test" });
    await expect(
      tdb.database.db.transaction(async (tx) => {
        await coins.spend({ accountId: id, amount: 5, key: `tx:${id}`, reason: "test" }, tx);
        throw new Error("caller failed");
      }),
    ).rejects.toThrow("caller failed");
    expect(await coins.balance(id)).toBe(5);
    expect(await coins.history(id)).toHaveLength(1);
  });

  it("refuses to update or delete ledger rows", async () => {
    const id = await newAccount(tdb.database);
    await coins.grant({ accountId: id, amount: 1, key: `g:${id}`, reason: "test" });
    await expect(
      tdb.database.db.execute(sql`update coin_ledger set delta = 100`),
    ).rejects.toThrow();
    await expect(tdb.database.db.execute(sql`delete from coin_ledger`)).rejects.toThrow();
  });

  it("200 simultaneous 1-coin spends against a balance of 4 leave exactly 0", async () => {
    const id = await newAccount(tdb.database);
    await coins.grant({ accountId: id, amount: 4, key: `g:${id}`, reason: "test" });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        coins.spend({ accountId: id, amount: 1, key: `c:${id}:${i}`, reason: "test" }),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toHaveLength(4);
    expect(
      refused.every((r) => (r as PromiseRejectedResult).reason instanceof NotEnoughCoinsError),
    ).toBe(true);
    expect(await coins.balance(id)).toBe(0);
    expect(await coins.ledgerTotal(id)).toBe(0);
  });

  it("200 simultaneous grants with one key apply once", async () => {
    const id = await newAccount(tdb.database);
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        coins.grant({ accountId: id, amount: 20, key: `once:${id}`, reason: "test" }),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await coins.balance(id)).toBe(20);
  });
});
