// Drizzle view of drizzle/202611251400_clothing.sql (keep both in step).

import type { ModelChoices } from "@studio/contracts";
import { integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

export const clothingModels = pgTable("clothing_models", {
  id: uuid("id").primaryKey(),
  accountId: text("account_id").notNull(),
  name: text("name").notNull(),
  choices: jsonb("choices").$type<ModelChoices>().notNull(),
  seed: integer("seed").notNull(),
  referenceKey: text("reference_key"),
  createdAt: createdAt(),
});
export type ClothingModelRow = typeof clothingModels.$inferSelect;
