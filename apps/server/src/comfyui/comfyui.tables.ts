// Drizzle view of drizzle/202612031100_comfyui_servers.sql (keep both in step).
import { boolean, doublePrecision, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const comfyuiServers = pgTable("comfyui_servers", {
  url: text("url").primaryKey(),
  healthy: boolean("healthy").notNull(),
  /** measured and smoothed by whichever process ran a job there; null until one finished */
  secondsPerImage: doublePrecision("seconds_per_image"),
  lastError: text("last_error"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
