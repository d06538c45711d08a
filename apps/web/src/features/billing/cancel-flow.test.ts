import { afterEach, describe, expect, it } from "vitest";
import { markSeen, nextCancelStep, showUpgrade, subscriptionViews } from "./cancel-flow.ts";

afterEach(() => localStorage.clear());

const base = {
  productAppSubscriptionID: "",
  clothAppSubscriptionID: "",
  productAppSubscriptionStatus: "",
  clothAppSubscriptionStatus: "",
  productAppExpiration: 0,
  clothAppExpiration: 0,
};

describe("the cancel flow (decision 0630)", () => {
  it("offers the coupon first, then the survey, then cancels", () => {
    expect(nextCancelStep("sub_1")).toBe("coupon");
    markSeen("sub_1", "coupon");
    expect(nextCancelStep("sub_1")).toBe("survey");
    markSeen("sub_1", "survey");
    expect(nextCancelStep("sub_1")).toBe("cancel");
    expect(nextCancelStep("sub_2")).toBe("coupon");
  });

  it("shows 'On Going' or 'Expired' without a status, and hides Cancel when it cannot apply", () => {
    const now = 1_000_000;
    const v = subscriptionViews(
      {
        ...base,
        productAppSubscriptionID: "sub_1",
        productAppExpiration: now + 10,
        clothAppExpiration: now - 10,
        clothAppSubscriptionID: "sub_2",
      },
      now,
    );
    expect(v.map((x) => [x.kind, x.status, x.canCancel])).toEqual([
      ["PRODUCT_APP", "ON GOING", true],
      ["CLOTHING_APP", "EXPIRED", false],
    ]);
    const cancelling = subscriptionViews(
      {
        ...base,
        productAppSubscriptionID: "s",
        productAppSubscriptionStatus: "CANCELLING",
        productAppExpiration: now + 10,
      },
      now,
    );
    expect(cancelling[0]?.canCancel).toBe(false);
  });

  it("shows Upgrade with no subscription or any that is not ON GOING", () => {
    const now = 1_000_000;
    expect(showUpgrade(subscriptionViews(base, now))).toBe(true);
    const going = subscriptionViews(
      {
        ...base,
        productAppSubscriptionID: "s",
        productAppSubscriptionStatus: "ON GOING",
        productAppExpiration: now + 5,
      },
      now,
    );
    expect(showUpgrade(going)).toBe(false);
    const cancelled = subscriptionViews(
      {
        ...base,
        productAppSubscriptionID: "s",
        productAppSubscriptionStatus: "CANCELLED",
        productAppExpiration: now + 5,
      },
      now,
    );
    expect(showUpgrade(cancelled)).toBe(true);
  });
});
