// Drizzle view of drizzle/202611220902_jobs_workers.sql (keep both in step).
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const jobWorkers = pgTable("job_workers", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: ["server", "worker"] }).notNull(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  currentJob: text("current_job"),
});
