// The server's side of a generation request's rules, decided before anything is written.
// Tiers, images per generation and prices are @studio/contracts' plan-rules.ts, the very
// functions the web app shows its prices with (docs/decisions/0503-generation-rules.md); what
// is here turns them into the server's refusals, and adds the maintenance window.
import {
  coinCost,
  ErrorCodes,
  Messages,
  maxImagesPerGeneration,
  planValid,
  referenceLimit,
  type Tier,
  tierOf,
  WhiteBackgroundPresets,
} from "@studio/contracts";
import type { GenerationsConfig } from "../../config.ts";
import { HttpError } from "../../http/http-error.ts";

export { coinCost, type Tier };

/** the tier of an account row now: its payment type while its expiration (unix s) holds */
export function accountTier(
  account: { paymentType: string; expiration: number },
  nowMs: number,
): Tier {
  return tierOf(account.paymentType, planValid(account.paymentType, account.expiration, nowMs));
}

/** how many images this request makes */
export function imageCount(tier: Tier, preset: string, requested: number | undefined): number {
  if (WhiteBackgroundPresets.includes(preset)) return 1;
  const max = maxImagesPerGeneration(tier);
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
  const limit = referenceLimit(tier);
  if (count > limit) {
    const plan = tier === "free" ? "The free plan" : tier === "basic" ? "Basic" : "Your plan";
    throw new HttpError(
      400,
      Messages.tooManyReferenceImages,
      `${plan} allows ${limit} reference image${limit === 1 ? "" : "s"} per generation.`,
      ErrorCodes.tooManyReferenceImages,
    );
  }
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
