// The shapes of a generation that other modules work with (batches, clothing, videos, the
// public API, the engine adapter). They import these from here, never generations.tables.ts:
// the table is this module's own (.dependency-cruiser.cjs). This file imports no table: the
// table is built from these words, and a row's type is the repository's (GenerationRow).
import type { ModelChoices } from "@studio/contracts";

/** A clothing generation's options as stored. */
export interface ClothingJob {
  style: "flatlay" | "hanger" | "ghost" | "dress-form" | "model";
  /** the seller's kind, else null until the engine reads it */
  kind: string | null;
  modelId: string | null;
  /** style "model" without a kept model: who wears it */
  model?: ModelChoices | null;
  /** images reserved on the Fashion trial's downloads (given back if not delivered) */
  trialImages?: number;
}

export const GENERATION_STATUSES = [
  "waitlisted",
  "accepted",
  "processing",
  "generating",
  "done",
  "failed",
] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
export const ACTIVE_STATUSES = ["waitlisted", "accepted", "processing", "generating"] as const;
