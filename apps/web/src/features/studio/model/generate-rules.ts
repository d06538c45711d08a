// The Generate button's rules: what it costs, when it is disabled, and which dialog stops a
// click. Pure, so the component tests can pin every branch. What a generation makes and costs
// is the server's own rule (packages/contracts/src/plan-rules.ts): Basic draws on its monthly
// pictures, not on coins, so it is never stopped here for coins; the server answers 402 when
// the month's pictures are used up.
import { imagesPerGeneration, type PresetName, type Tier } from "@studio/contracts";

export { coinCost, referenceLimit } from "@studio/contracts";

/** images per generation: 4, 2 on Basic; the Amazon main image is always one. */
export function imagesFor(tier: Tier, preset: PresetName): number {
  return imagesPerGeneration(tier, preset);
}

export interface GenerateInputs {
  loggedIn: boolean;
  hasImage: boolean;
  prompt: string;
  /** a product photo or reference image is still uploading */
  uploading: boolean;
  submitting: boolean;
  /** the current generation has not finished */
  running: boolean;
  /** the server refuses new generations now */
  maintenanceActive: boolean;
}

export type DisabledReason = "uploading" | "submitting" | "running" | "maintenance";

/**
 * Disabled only while a click could not do anything useful. With no image and no text the
 * button stays enabled on purpose: the click explains why (the no-image-or-text dialog).
 */
export function disabledReason(i: GenerateInputs): DisabledReason | null {
  if (i.maintenanceActive) return "maintenance";
  if (i.submitting) return "submitting";
  if (i.running) return "running";
  if (i.uploading) return "uploading";
  return null;
}

export type Guard = "no-image-or-text" | "login" | "payment-required" | null;

/**
 * What stops a click on an enabled button, for both studios: the visitor is asked first for
 * what they can give right now, then the login, then the coins. A prompt needs no account, so
 * where a prompt counts (the Product studio) a visitor with nothing at all gets the
 * no-image-or-text dialog before the login (apps/web/src/pages/apps/app-pages.test.tsx pins
 * it). Where only a photo counts (the Clothing studio's garment), and a photo can only be
 * uploaded signed in, the login comes first: the spec's payment check ("Signup to unlock").
 */
export function guardOf(i: {
  loggedIn: boolean;
  hasImage: boolean;
  prompt: string;
  credits: number;
  cost: number;
  /** a photo is needed: a prompt alone is not something to work with */
  photoRequired?: boolean;
}): Guard {
  const hasInput = i.hasImage || (!i.photoRequired && i.prompt.trim() !== "");
  if (!i.loggedIn && (hasInput || i.photoRequired)) return "login";
  if (!hasInput) return "no-image-or-text";
  if (i.cost > 0 && i.credits < i.cost) return "payment-required";
  return null;
}
