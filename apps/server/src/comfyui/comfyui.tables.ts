// Drizzle view of drizzle/202612031100_comfyui_servers.sql (keep both in step): the pool's shared
// state and the painting progress of running generations (decision 1100).
import { boolean, doublePrecision, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";

export const comfyuiServers = pgTable("comfyui_servers", {
  url: text("url").primaryKey(),
  healthy: boolean("healthy").notNull(),
  /** measured and smoothed by whichever process ran a job there; null until one finished */
  secondsPerImage: doublePrecision("seconds_per_image"),
  lastError: text("last_error"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const comfyuiProgress = pgTable("comfyui_progress", {
  generationId: text("generation_id").primaryKey(),
  /** sampler steps done over all the generation's shots, 0..1 */
  painted: real("painted").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
