// Drizzle view of drizzle/202612010903_batches_init.sql (keep both in step).
import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

export const batches = pgTable("batches", {
  id: uuid("id").primaryKey(),
  accountId: text("account_id").notNull(),
  status: text("status", { enum: ["processing", "done", "cancelled"] }).notNull(),
  total: integer("total").notNull(),
  done: integer("done").notNull(),
  failed: integer("failed").notNull(),
  reserved: integer("reserved").notNull(),
  refunded: integer("refunded").notNull(),
  createdAt: createdAt(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});
export type BatchRow = typeof batches.$inferSelect;

export const batchItems = pgTable(
  "batch_items",
  {
    batchId: uuid("batch_id").notNull(),
    idx: integer("idx").notNull(),
    generationId: uuid("generation_id").notNull().unique(),
    filename: text("filename").notNull(),
    sourceKey: text("source_key"),
    uploadId: uuid("upload_id"),
    cost: integer("cost").notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.idx] })],
);
export type BatchItemRow = typeof batchItems.$inferSelect;
