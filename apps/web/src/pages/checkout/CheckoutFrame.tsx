// The frame every checkout page shares: its title, the test-mode badge when the providers are
// the local stand-ins (or Stripe test keys), the plan and its price, and a way back.
import type { PlanInfo } from "@studio/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useBillingMode, useMoney } from "../../features/billing/use-plans.ts";
import { buttonClass } from "../../ui/Button.tsx";

export function TestModeBadge({ provider }: { provider: "stripe" | "wechat" }) {
  const { t } = useTranslation("checkout");
  const mode = useBillingMode();
  if (!mode.data || mode.data[provider] === "live") return null;
  return (
    <span
      data-testid="test-mode"
      className="inline-block rounded-full bg-amber-400 px-3 py-1 text-xs font-bold tracking-wide text-slate-900"
    >
      {t("testMode")}
    </span>
  );
}

export function CheckoutFrame(props: {
  title: string;
  provider: "stripe" | "wechat";
  plan?: PlanInfo;
  currency?: "USD" | "CNY";
  children: ReactNode;
}) {
  const { t } = useTranslation("checkout");
  const money = useMoney();
  return (
    <div className="mx-auto max-w-xl px-5 py-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{props.title}</h1>
        <TestModeBadge provider={props.provider} />
      </div>
      <div className="mt-6 rounded-3xl bg-white p-6 ring-1 ring-slate-200">
        {props.plan && (
          <div className="mb-5">
            <p className="text-sm text-slate-500">{t("plan")}</p>
            <p className="mt-1 text-xl font-semibold">
              {t(`pricing:planNames.${props.plan.type}`)}
            </p>
            <p className="mt-1 text-3xl font-bold" data-testid="checkout-price">
              {money.format(props.plan.prices, props.currency)}
            </p>
          </div>
        )}
        {props.children}
        <Link to="/app" className={`mt-6 ${buttonClass("secondary")}`}>
          {t("backToApp")}
        </Link>
      </div>
    </div>
  );
}
