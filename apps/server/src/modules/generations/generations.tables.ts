// Drizzle view of drizzle/202611220901_generations_init.sql (keep both in step).
import { integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { type ClothingJob, GENERATION_STATUSES } from "./generations.types.ts";

// the statuses and the clothing options live in generations.types.ts, which other modules read
export {
  ACTIVE_STATUSES,
  type ClothingJob,
  GENERATION_STATUSES,
  type GenerationStatus,
} from "./generations.types.ts";

import { createdAt, jobRunColumns } from "../../db/columns.ts";

export const generations = pgTable("generations", {
  id: uuid("id").primaryKey(),
  accountId: text("account_id").notNull(),
  uploadId: uuid("upload_id"),
  referenceIds: uuid("reference_ids").array().notNull(),
  prompt: text("prompt").notNull(),
  template: text("template"),
  preset: text("preset").notNull(),
  imageCount: integer("image_count").notNull(),
  reserved: integer("reserved").notNull(),
  priority: integer("priority").notNull(),
  seed: integer("seed").notNull(),
  positionShown: integer("position_shown"),
  delivered: integer("delivered").notNull(),
  ...jobRunColumns(GENERATION_STATUSES),
  /** drizzle/202611251400_clothing.sql */
  app: text("app", { enum: ["product", "clothing"] })
    .notNull()
    .default("product"),
  clothing: jsonb("clothing").$type<ClothingJob | null>(),
  /** the seller's choice for product scenes: null = generated when GPUs answer */
  scenePath: text("scene_path", { enum: ["studio", "generated"] }),
  /** the seller's correction of the recognised kind (drizzle/202612041200_generations_product_kind.sql) */
  productKind: text("product_kind"),
});
export type GenerationRow = typeof generations.$inferSelect;

export const generationImages = pgTable(
  "generation_images",
  {
    generationId: uuid("generation_id").notNull(),
    idx: integer("idx").notNull(),
    storageKey: text("storage_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    format: text("format").notNull(),
    bytes: integer("bytes").notNull(),
    /** "studio" (the CPU engine) or "generated" (a diffusion model on a GPU server) */
    madeBy: text("made_by").notNull().default("studio"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.generationId, t.idx] })],
);
export type GenerationImageRow = typeof generationImages.$inferSelect;
