// The only code that writes coin_ledger or accounts.balance. One movement = one ledger row +
// one conditional balance update, inside a transaction (a savepoint when the caller passes
// its own transaction), so the cached balance equals the ledger sum and never goes below 0.
import { and, eq, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { accounts } from "../accounts/accounts.tables.ts";
import { coinLedger, type LedgerRow } from "./coins.tables.ts";

export interface MovementInput {
  accountId: string;
  /** positive for grants and refunds, negative for spends */
  delta: number;
  kind: LedgerRow["kind"];
  reason: string;
  key: string;
  refundOf?: string;
}

export type MovementOutcome =
  | { status: "applied"; entry: LedgerRow }
  | { status: "replayed"; entry: LedgerRow }
  | { status: "insufficient" }
  | { status: "no-account" }
  | { status: "refund-exceeds"; refundable: number };

/** Thrown inside the savepoint to undo the balance update when another caller won the key. */
class KeyTaken extends Error {}

export async function findEntry(db: Db, key: string): Promise<LedgerRow | undefined> {
  const rows = await db.select().from(coinLedger).where(eq(coinLedger.idempotencyKey, key));
  return rows[0];
}

export async function readBalance(db: Db, accountId: string): Promise<number | undefined> {
  const rows = await db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return rows[0]?.balance;
}

export async function ledgerSum(db: Db, accountId: string): Promise<number> {
  const rows = await db
    .select({ total: sum(coinLedger.delta) })
    .from(coinLedger)
    .where(eq(coinLedger.accountId, accountId));
  return Number(rows[0]?.total ?? 0);
}

export async function listEntries(db: Db, accountId: string): Promise<LedgerRow[]> {
  return db
    .select()
    .from(coinLedger)
    .where(eq(coinLedger.accountId, accountId))
    .orderBy(coinLedger.id);
}

export async function applyMovement(db: Db, input: MovementInput): Promise<MovementOutcome> {
  const previous = await findEntry(db, input.key);
  if (previous) return { status: "replayed", entry: previous };
  try {
    return await db.transaction(async (tx) => {
      // Conditional update: the row lock serialises concurrent movements on one account and
      // the WHERE clause refuses any that would end below zero.
      const updated = await tx
        .update(accounts)
        .set({ balance: sql`${accounts.balance} + ${input.delta}` })
        .where(
          and(eq(accounts.id, input.accountId), sql`${accounts.balance} + ${input.delta} >= 0`),
        )
        .returning({ balance: accounts.balance });
      const balanceAfter = updated[0]?.balance;
      if (balanceAfter === undefined) {
        const exists = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(eq(accounts.id, input.accountId));
        return exists.length
          ? { status: "insufficient" as const }
          : { status: "no-account" as const };
      }
      if (input.refundOf !== undefined) {
        // Under the account row lock, so concurrent partial refunds see each other.
        const refundable = await refundableAmount(tx, input.refundOf);
        if (input.delta > refundable + 0) {
          throw new RefundExceeds(refundable);
        }
      }
      const inserted = await tx
        .insert(coinLedger)
        .values({
          accountId: input.accountId,
          delta: input.delta,
          kind: input.kind,
          reason: input.reason,
          idempotencyKey: input.key,
          refundOf: input.refundOf ?? null,
          balanceAfter,
        })
        .onConflictDoNothing({ target: coinLedger.idempotencyKey })
        .returning();
      const entry = inserted[0];
      if (!entry) throw new KeyTaken();
      return { status: "applied" as const, entry };
    });
  } catch (err) {
    if (err instanceof KeyTaken) {
      const winner = await findEntry(db, input.key);
      if (winner) return { status: "replayed", entry: winner };
    }
    if (err instanceof RefundExceeds)
      return { status: "refund-exceeds", refundable: err.refundable };
    throw err;
  }
}

class RefundExceeds extends Error {
  constructor(readonly refundable: number) {
    super("refund exceeds spend");
  }
}

/** Coins of a spend not yet given back. */
export async function refundableAmount(db: Db, spendKey: string): Promise<number> {
  const spend = await findEntry(db, spendKey);
  if (spend?.kind !== "spend") return 0;
  const rows = await db
    .select({ total: sum(coinLedger.delta) })
    .from(coinLedger)
    .where(eq(coinLedger.refundOf, spendKey));
  return -spend.delta - Number(rows[0]?.total ?? 0);
}
