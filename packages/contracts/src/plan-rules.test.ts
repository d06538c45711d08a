import { describe, expect, it } from "vitest";
import { PaymentTypes, PlanCatalogue } from "./billing.ts";
import { planCases } from "./plan-rules.cases.ts";
import {
  basicMonthlyImages,
  coinCost,
  imagesPerGeneration,
  maxImagesPerGeneration,
  planValid,
  referenceLimit,
  tierOf,
  videoCost,
} from "./plan-rules.ts";

describe("plan rules", () => {
  it.each(planCases)("$name", (c) => {
    const tier = tierOf(c.paymentType, c.valid);
    expect(tier).toBe(c.tier);
    expect(imagesPerGeneration(tier, c.preset)).toBe(c.images);
    expect(coinCost(tier, c.images)).toBe(c.coins);
    expect(referenceLimit(tier)).toBe(c.references);
    expect([videoCost(tier, 5), videoCost(tier, 10)]).toEqual(c.video);
  });

  it("holds a plan while it has a type and has not expired", () => {
    const now = 1_700_000_000_000;
    expect(planValid("PRODUCT_APP_PRO", now / 1000, now)).toBe(true);
    expect(planValid("PRODUCT_APP_PRO", now / 1000 - 1, now)).toBe(false);
    expect(planValid("", now / 1000 + 100, now)).toBe(false);
  });
});

describe("the plan catalogue (billing.ts) sells what the rules grant", () => {
  it.each(PlanCatalogue)("$type", (plan) => {
    const tier = tierOf(plan.grants.paymentType ?? "", true);
    if (plan.grants.paymentType === PaymentTypes.basic) {
      expect(plan.grants.monthlyImages).toBe(basicMonthlyImages);
    }
    if (plan.grants.imagesPerGeneration !== undefined) {
      expect(plan.grants.imagesPerGeneration).toBe(maxImagesPerGeneration(tier));
    }
    if (plan.grants.referenceImages !== undefined) {
      expect(plan.grants.referenceImages).toBe(referenceLimit(tier));
    }
  });
});
