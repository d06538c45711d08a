// Drizzle view of drizzle/202612010902_webhooks_init.sql (keep both in step).
import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey(),
  accountId: text("account_id").notNull(),
  url: text("url").notNull(),
  secret: text("secret").notNull(),
  events: text("events").array().notNull(),
  createdAt: createdAt(),
});

export const webhookDeliveries = pgTable("webhook_deliveries", {
  id: uuid("id").primaryKey(),
  endpointId: uuid("endpoint_id").notNull(),
  accountId: text("account_id").notNull(),
  eventId: uuid("event_id").notNull(),
  eventType: text("event_type").notNull(),
  payload: text("payload").notNull(),
  status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull(),
  attempts: integer("attempts").notNull(),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
  responseStatus: integer("response_status"),
  createdAt: createdAt(),
});

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    deliveryId: uuid("delivery_id").notNull(),
    n: integer("n").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.n] })],
);
