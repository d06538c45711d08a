// Drizzle view of drizzle/202611220831_coins_ledger.sql (append-only; a trigger refuses
// UPDATE and DELETE).
import { bigserial, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

export const coinLedger = pgTable("coin_ledger", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  accountId: text("account_id").notNull(),
  delta: integer("delta").notNull(),
  kind: text("kind", { enum: ["grant", "spend", "refund"] }).notNull(),
  reason: text("reason").notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  refundOf: text("refund_of"),
  balanceAfter: integer("balance_after").notNull(),
  createdAt: createdAt(),
});
export type LedgerRow = typeof coinLedger.$inferSelect;
