// The shapes of a generation that other modules work with (batches, clothing, videos, the
// public API, the engine adapter). They import these from here, never generations.tables.ts:
// the table is this module's own (module-boundaries.test.ts).
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

/** a generation's row and its images' rows, as the repository answers them */
export type { GenerationImageRow, GenerationRow } from "./generations.tables.ts";
