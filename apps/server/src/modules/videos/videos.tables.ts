// Drizzle view of drizzle/202611251200_videos_init.sql (keep both in step).
import { integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { jobRunColumns } from "../../db/columns.ts";
import { GENERATION_STATUSES } from "../generations/generations.tables.ts";

export const VIDEO_ACTIVE = ["waitlisted", "accepted", "processing", "generating"] as const;

export const videos = pgTable("videos", {
  id: uuid("id").primaryKey(),
  accountId: text("account_id").notNull(),
  uploadIds: uuid("upload_ids").array().notNull(),
  prompt: text("prompt").notNull(),
  move: text("move").notNull(),
  seconds: integer("seconds").notNull(),
  fps: integer("fps").notNull(),
  aspect: text("aspect").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  seed: integer("seed").notNull(),
  reserved: integer("reserved").notNull(),
  framesDone: integer("frames_done").notNull(),
  framesTotal: integer("frames_total").notNull(),
  videoKey: text("video_key"),
  posterKey: text("poster_key"),
  videoBytes: integer("video_bytes"),
  template: text("template"),
  ...jobRunColumns(GENERATION_STATUSES),
});
export type VideoRow = typeof videos.$inferSelect;
