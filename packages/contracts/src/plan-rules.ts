// What a plan allows and what a generation costs, as plain functions the web app and the
// server both call, so the price a seller sees is the price the server charges. No TypeBox
// here: the web app imports these into its /app chunk (docs/decisions/0302-web-bundle-budget.md).
// The rules are decision 0503's (docs/decisions/0503-generation-rules.md); the cases both
// sides are tested against are in plan-rules.cases.ts.
import { Constants } from "./messages.ts";

/** "vip" is any valid payment type that is neither `_PRO` nor `_BASIC` (a Day Pass, a licence). */
export type Tier = "free" | "basic" | "pro" | "vip";

/** A plan counts while it has a type and its expiration (unix seconds) is not past. */
export function planValid(paymentType: string, expirationSec: number, nowMs: number): boolean {
  return paymentType !== "" && expirationSec >= Math.floor(nowMs / 1000);
}

/** {product}_PRO and valid = pro; {product}_BASIC and valid = basic; other valid types = VIP. */
export function tierOf(paymentType: string, valid: boolean): Tier {
  if (!valid || !paymentType || /^(FREE|NONE)$/i.test(paymentType)) return "free";
  if (/_PRO$/i.test(paymentType)) return "pro";
  if (/_BASIC$/i.test(paymentType)) return "basic";
  return "vip";
}

/** Basic's pictures a month, counted by apps/server/src/modules/billing/plan-allowance.ts. */
export const basicMonthlyImages = 500;

/** Pro and VIP generate without spending coins. */
export const isUnlimited = (tier: Tier): boolean => tier === "pro" || tier === "vip";

/** Reference images per generation, by tier: free limited, Basic 10, Pro/VIP 100. */
export const ReferenceLimits = { free: 1, basic: 10, pro: 100 } as const;

export const referenceLimit = (tier: Tier): number =>
  tier === "vip" ? ReferenceLimits.pro : ReferenceLimits[tier];

/**
 * Presets rendered on a plain white background make one image (the Amazon main image).
 * The engine's catalogue (packages/engine/src/presets/presets.ts) says which; the server's
 * generation-rules.test.ts fails if this list drifts from it.
 */
export const WhiteBackgroundPresets: readonly string[] = ["amazon"];

/** The most images one generation makes: 4, 2 on Basic. */
export const maxImagesPerGeneration = (tier: Tier): number =>
  tier === "basic" ? Constants.imagesPerGenerationBasic : Constants.imagesPerGeneration;

/** Images a generation makes when it does not ask for fewer; white-background presets make 1. */
export function imagesPerGeneration(tier: Tier, preset: string): number {
  return WhiteBackgroundPresets.includes(preset) ? 1 : maxImagesPerGeneration(tier);
}

/**
 * Coins a generation reserves: one per image on the free plan. Pro and VIP are unlimited;
 * Basic spends no coins either, it draws on its 500 pictures a month instead
 * (apps/server/src/modules/billing/plan-allowance.ts).
 */
export function coinCost(tier: Tier, images: number): number {
  return tier === "free" ? images * Constants.coinsPerImage : 0;
}

/** Coins per started 5 seconds of video (docs/decisions/0800-video-jobs-and-cost.md). */
export const VIDEO_COINS_PER_5_SECONDS = 10;
export const videoCoinCost = (seconds: 5 | 10) => (seconds / 5) * VIDEO_COINS_PER_5_SECONDS;

/** Coins a video costs on this plan: unlimited plans pay nothing, as they do for photos. */
export function videoCost(tier: Tier, seconds: 5 | 10): number {
  return isUnlimited(tier) ? 0 : videoCoinCost(seconds);
}

/** The first photos an account makes jump the queue (express speed). */
export const isExpress = (imagesGenerated: number): boolean =>
  imagesGenerated < Constants.expressPhotos;
