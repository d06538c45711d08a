// Drizzle view of drizzle/202611220900_uploads_init.sql and 202611260900_uploads_cutout_edits.sql
// (keep them in step).
import { integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

export const uploads = pgTable("uploads", {
  id: uuid("id").primaryKey(),
  accountId: text("account_id").notNull(),
  purpose: text("purpose", { enum: ["product", "reference"] }).notNull(),
  sha256: text("sha256").notNull(),
  format: text("format").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  storageKey: text("storage_key").notNull(),
  contentType: text("content_type").notNull(),
  cutoutStatus: text("cutout_status", { enum: ["none", "pending", "ready", "failed"] }).notNull(),
  cutoutKey: text("cutout_key"),
  cutoutMeta: jsonb("cutout_meta"),
  cutoutError: text("cutout_error"),
  /** the model's cut-out meta while a seller's edit is in force (202611260900) */
  autoCutoutMeta: jsonb("auto_cutout_meta"),
  /** changes of the cut-out: edits and resets */
  cutoutVersion: integer("cutout_version").notNull().default(0),
  createdAt: createdAt(),
});
export type UploadRow = typeof uploads.$inferSelect;
