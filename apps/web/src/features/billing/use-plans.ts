// The catalogue from GET /api/plans (one source for every table), and the currency the reader
// pays in: CNY in Chinese, USD otherwise.
import type { Currency, PlanInfo } from "@studio/contracts";
import { formatMoney } from "@studio/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { billingApi } from "./billing-api.ts";

export function usePlans() {
  return useQuery({ queryKey: ["plans"], queryFn: billingApi.plans, staleTime: 10 * 60_000 });
}

export function useBillingMode() {
  return useQuery({ queryKey: ["billing-mode"], queryFn: billingApi.mode, staleTime: 10 * 60_000 });
}

export function useMoney() {
  const { i18n } = useTranslation();
  const currency: Currency = i18n.language === "zh-CN" ? "CNY" : "USD";
  return {
    currency,
    format: (m: Record<Currency, number>, c: Currency = currency) =>
      formatMoney(m[c], c, i18n.language),
  };
}

/** The product table shows the product and pro plans; the clothing table its own and the trial. */
export function plansFor(plans: PlanInfo[], table: "product" | "clothing"): PlanInfo[] {
  const hidden = new Set(["HALF_OFF_MONTHLY"]); // offered only in the cancel flow
  return plans.filter(
    (p) =>
      !hidden.has(p.type) &&
      (table === "clothing" ? p.app === "clothing" || p.app === "pro" : p.app !== "clothing"),
  );
}
