// The spec's rules for a generation request, decided before anything is written: the tier of
// the account (section 3: {product}_PRO / _BASIC / other valid types), images per generation
// (4, 2 on Basic, 1 for white-background presets), reference-image limits, the coin cost
// (one per image; unlimited plans pay nothing) and the maintenance window.
import { Constants, Messages, ReferenceLimits } from "@studio/contracts";
import { getPreset } from "@studio/engine";
import type { GenerationsConfig } from "../../config.ts";
import { HttpError } from "../../http/http-error.ts";

export type Tier = "free" | "basic" | "pro";

export function tierOf(paymentType: string, expiration: number, nowMs: number): Tier {
  const valid = paymentType !== "" && expiration >= Math.floor(nowMs / 1000);
  if (!valid) return "free";
  if (paymentType.endsWith("_BASIC")) return "basic";
  return "pro"; // _PRO and every other valid type count as pro/VIP
}

export function imagesPerGeneration(tier: Tier): number {
  return tier === "basic" ? Constants.imagesPerGenerationBasic : Constants.imagesPerGeneration;
}

/** how many images this request makes */
export function imageCount(tier: Tier, preset: string, requested: number | undefined): number {
  if (getPreset(preset).background === "white") return 1;
  const max = imagesPerGeneration(tier);
  if (requested !== undefined && requested > max) {
    throw new HttpError(
      400,
      `Your plan makes at most ${max} images per generation.`,
      `count must be at most ${max}`,
    );
  }
  return requested ?? max;
}

export function checkReferenceLimit(tier: Tier, count: number): void {
  const limit = ReferenceLimits[tier];
  if (count > limit) {
    const plan = tier === "free" ? "The free plan" : tier === "basic" ? "Basic" : "Your plan";
    throw new HttpError(
      400,
      Messages.tooManyReferenceImages,
      `${plan} allows ${limit} reference image${limit === 1 ? "" : "s"} per generation.`,
    );
  }
}

/** paid plans generate without spending coins (Basic draws on its monthly allowance instead) */
export function coinCost(tier: Tier, images: number): number {
  return tier === "free" ? images * Constants.coinsPerImage : 0;
}

export interface MaintenanceState {
  notice: string | null;
  at: string | null;
  active: boolean;
}

/**
 * Announced: every queue answer carries 'Our server will be down for maintenance at: (time)'.
 * From that time, for MAINTENANCE_MINUTES, new generations are refused (503); work already
 * queued still runs.
 */
export function maintenanceState(config: GenerationsConfig, nowMs: number): MaintenanceState {
  const at = config.maintenanceAt;
  if (at === undefined) return { notice: null, at: null, active: false };
  const end = at + config.maintenanceMinutes * 60_000;
  if (nowMs >= end) return { notice: null, at: null, active: false };
  const iso = new Date(at).toISOString();
  return {
    notice: Messages.maintenance.replace("{time}", iso),
    at: iso,
    active: nowMs >= at,
  };
}
