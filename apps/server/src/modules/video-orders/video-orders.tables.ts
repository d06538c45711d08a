// Drizzle view of drizzle/202611251201_video_orders_init.sql (keep both in step).
import { date, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

export const ORDER_STATUSES = ["received", "in-production", "delivered"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const videoOrders = pgTable("video_orders", {
  id: uuid("id").primaryKey(),
  accountId: text("account_id").notNull(),
  brief: text("brief").notNull(),
  style: text("style").notNull(),
  formats: text("formats").array().notNull(),
  deadline: date("deadline").notNull(),
  uploadIds: uuid("upload_ids").array().notNull(),
  priceCents: integer("price_cents").notNull(),
  currency: text("currency").notNull(),
  discount: text("discount"),
  paymentStatus: text("payment_status", { enum: ["unpaid", "paid"] }).notNull(),
  paymentRef: text("payment_ref"),
  status: text("status", { enum: ORDER_STATUSES }).notNull(),
  deliveryKey: text("delivery_key"),
  deliveryName: text("delivery_name"),
  deliveryBytes: integer("delivery_bytes"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  deliveredAt: timestamp("delivered_at", { withTimezone: true }),
});
export type VideoOrderRow = typeof videoOrders.$inferSelect;
