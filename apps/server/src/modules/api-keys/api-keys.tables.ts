// Drizzle view of drizzle/202612010900_apikeys_init.sql (keep both in step).
import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

export const apiKeys = pgTable("api_keys", {
  id: uuid("id").primaryKey(),
  accountId: text("account_id").notNull(),
  name: text("name").notNull(),
  prefix: text("prefix").notNull(),
  keyHash: text("key_hash").notNull().unique(),
  scopes: text("scopes").array().notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
});
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export const apiKeyUsage = pgTable(
  "api_key_usage",
  {
    keyId: uuid("key_id").notNull(),
    month: text("month").notNull(),
    requests: integer("requests").notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.month] })],
);
