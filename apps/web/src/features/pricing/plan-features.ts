// What a plan grants, as lines of the pricing card (i18n keys under pricing:grants), derived
// from the catalogue's grants so the card can never promise what the server does not give.
import type { PlanInfo } from "@studio/contracts";

export interface FeatureLine {
  key: string;
  values?: Record<string, number>;
}

export function planFeatures(plan: PlanInfo): FeatureLine[] {
  const g = plan.grants;
  const out: FeatureLine[] = [];
  if (plan.type === "CLOTHING_TRIAL") {
    out.push({ key: "downloads", values: { count: g.downloads ?? 0 } });
    out.push({ key: "hours", values: { count: g.hours ?? 0 } });
    out.push({ key: "social" });
    return out;
  }
  if (g.coins) out.push({ key: "coins", values: { count: g.coins } }, { key: "noSubscription" });
  if (g.monthlyImages) out.push({ key: "monthly", values: { count: g.monthlyImages } });
  else if (g.productDays) out.push({ key: "unlimited" });
  if (g.productDays && plan.mode === "payment" && plan.period !== "year") {
    out.push({ key: "days", values: { count: g.productDays } });
  }
  if (g.referenceImages) out.push({ key: "references", values: { count: g.referenceImages } });
  if (g.imagesPerGeneration)
    out.push({ key: "perGeneration", values: { count: g.imagesPerGeneration } });
  if (g.clothingDays) out.push({ key: plan.app === "clothing" ? "models" : "fashion" });
  return out;
}
