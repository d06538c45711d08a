// Drizzle view of drizzle/202611220833_analytics_events.sql.
import { bigint, bigserial, jsonb, pgTable, text } from "drizzle-orm/pg-core";

export const analyticsEvents = pgTable("analytics_events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  key: text("key").notNull(),
  value: jsonb("value"),
  sessionId: text("session_id"),
  accountId: text("account_id"),
  createdAt: bigint("created_at", { mode: "number" }).notNull(),
});
