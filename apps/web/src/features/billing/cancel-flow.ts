// The cancel flow (decision 0630): the 50% coupon offer first, then the survey, then the
// cancellation. What was seen is remembered per subscription in this browser (decision 0630).
import type { SubscriptionKind, SubscriptionsResponse } from "@studio/contracts";

const key = (id: string, step: "coupon" | "survey") => `cancelFlow:${step}:${id}`;

export function markSeen(id: string, step: "coupon" | "survey"): void {
  localStorage.setItem(key(id, step), "1");
}

export function nextCancelStep(id: string): "coupon" | "survey" | "cancel" {
  if (!localStorage.getItem(key(id, "coupon"))) return "coupon";
  if (!localStorage.getItem(key(id, "survey"))) return "survey";
  return "cancel";
}

export interface SubscriptionView {
  kind: SubscriptionKind;
  id: string;
  /** the server's status, or the spec's fallback: 'On Going' before expiry, else 'Expired' */
  status: "ON GOING" | "CANCELLING" | "CANCELLED" | "EXPIRED";
  expiration: number;
  canCancel: boolean;
}

export function subscriptionViews(s: SubscriptionsResponse, nowSec: number): SubscriptionView[] {
  const rows = [
    {
      kind: "PRODUCT_APP" as const,
      id: s.productAppSubscriptionID,
      status: s.productAppSubscriptionStatus,
      expiration: s.productAppExpiration,
    },
    {
      kind: "CLOTHING_APP" as const,
      id: s.clothAppSubscriptionID,
      status: s.clothAppSubscriptionStatus,
      expiration: s.clothAppExpiration,
    },
  ];
  return rows
    .filter((r) => r.id !== "" || r.expiration > 0)
    .map((r) => {
      const expired = r.expiration < nowSec;
      const status =
        r.status === "ON GOING" || r.status === "CANCELLING" || r.status === "CANCELLED"
          ? r.status
          : expired
            ? "EXPIRED"
            : "ON GOING";
      const canCancel =
        r.id !== "" && status !== "CANCELLED" && status !== "CANCELLING" && !expired;
      return { kind: r.kind, id: r.id, status, expiration: r.expiration, canCancel };
    });
}

/** Upgrade shows when there is no subscription, or any existing one is not ON GOING. */
export function showUpgrade(views: SubscriptionView[]): boolean {
  const subs = views.filter((v) => v.id !== "");
  return subs.length === 0 || subs.some((v) => v.status !== "ON GOING");
}
