// The pricing tables (decision 0600), read from GET /api/plans: prices in the reader's
// currency, the struck-out price, the saving, what each plan grants, and a way to pay by card
// (Stripe) or WeChat Pay. Checkout opens in a new tab.
import type { PlanInfo } from "@studio/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { track } from "../../analytics/analytics.ts";
import { Modal } from "../../modals/Modal.tsx";
import type { PricingTable } from "../../modals/modal-kinds.ts";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { buttonClass } from "../../ui/Button.tsx";
import { CheckIcon } from "../../ui/icons.tsx";
import { plansFor, useBillingMode, useMoney, usePlans } from "../billing/index.ts";
import { ClothingTrialClaim } from "./ClothingTrialClaim.tsx";
import { planFeatures } from "./plan-features.ts";

const FEATURED = new Set(["PRODUCT_YEARLY", "CLOTHING_YEARLY"]);

function PlanCard({ plan }: { plan: PlanInfo }) {
  const { t } = useTranslation("pricing");
  const { session } = useSession();
  const modal = useModal();
  const money = useMoney();
  const featured = FEATURED.has(plan.type);
  const shown = plan.perMonth ?? plan.prices;
  const buy = (provider: "stripe" | "wechat") => {
    if (!session.loggedIn) {
      track("blocked no login", { action: "checkout", type: plan.type });
      modal.open("login", { mode: "signup" });
      return;
    }
    const path = provider === "stripe" ? "/stripe-checkout" : "/wechat-pay-checkout";
    window.open(`${path}?type=${encodeURIComponent(plan.type)}`, "_blank", "noopener");
  };
  const wechatFirst = money.currency === "CNY";
  // a stand-in this client may not use is "off" (decision 0908): its button is not offered
  const mode = useBillingMode();
  const providers = [...plan.providers]
    .filter((p) => mode.data?.[p] !== "off")
    .sort((a) => (a === "wechat" && wechatFirst ? -1 : 0));
  return (
    <li
      data-testid={`plan-${plan.type}`}
      className={`flex flex-col rounded-2xl p-5 ring-1 ${featured ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white ring-slate-200"}`}
    >
      <div className="flex flex-col items-start gap-1.5">
        <h3 className="font-semibold">{t(`planNames.${plan.type}`)}</h3>
        {plan.savePercent ? (
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ${featured ? "bg-white text-indigo-700" : "bg-emerald-100 text-emerald-800"}`}
          >
            {t("save", { percent: plan.savePercent })}
          </span>
        ) : null}
      </div>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-3xl font-bold tracking-tight">{money.format(shown)}</span>
        <span
          className={`text-sm whitespace-nowrap ${featured ? "text-indigo-100" : "text-slate-600"}`}
        >
          {t(`period.${plan.perMonth ? "month" : plan.period}`)}
        </span>
      </p>
      {plan.listPrices && (
        <p className={`text-sm line-through ${featured ? "text-indigo-200" : "text-slate-500"}`}>
          {money.format(plan.listPrices)}
        </p>
      )}
      {plan.perMonth && (
        <p className={`text-sm ${featured ? "text-indigo-100" : "text-slate-600"}`}>
          {t("billedYearly", { price: money.format(plan.prices) })}
        </p>
      )}
      <ul className="mt-4 flex-1 space-y-2 text-sm">
        {planFeatures(plan).map((f) => (
          <li key={f.key} className="flex gap-2">
            <CheckIcon
              className={`mt-0.5 h-4 w-4 flex-none ${featured ? "text-white" : "text-indigo-600"}`}
            />
            {t(`grants.${f.key}`, f.values)}
          </li>
        ))}
      </ul>
      {plan.mode === "free" ? (
        <ClothingTrialClaim />
      ) : (
        <div className="mt-5 flex flex-col gap-2">
          {providers.map((p) => (
            <button
              key={p}
              type="button"
              onClick={() => buy(p)}
              data-testid={`buy-${plan.type}-${p}`}
              className={
                featured
                  ? "rounded-xl bg-white px-4 py-2.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
                  : buttonClass(p === "wechat" ? "secondary" : "primary")
              }
            >
              {session.loggedIn ? t(`payWith.${p}`) : t("common:signupToUnlock")}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

export function PricingTableModal({ table: initial }: { table: PricingTable }) {
  const { t } = useTranslation("pricing");
  const modal = useModal();
  const [table, setTable] = useState<PricingTable>(initial);
  const plans = usePlans();
  const money = useMoney();
  const shown = plans.data ? plansFor(plans.data.plans, table) : [];
  const mode = useBillingMode();
  const notSetUp = mode.data?.stripe === "off" && mode.data.wechat === "off";
  return (
    <Modal
      onClose={modal.close}
      title={t("title")}
      description={t("subtitle")}
      size="xl"
      testId="pricing-table"
    >
      <div className="mb-5 inline-flex rounded-xl bg-slate-100 p-1">
        {(["product", "clothing"] as const).map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={table === k}
            onClick={() => setTable(k)}
            data-testid={`pricing-tab-${k}`}
            className={`rounded-lg px-4 py-1.5 text-sm font-semibold ${table === k ? "bg-white text-slate-900 shadow" : "text-slate-600"}`}
          >
            {t(`tables.${k}`)}
          </button>
        ))}
      </div>
      {notSetUp && (
        <p
          role="status"
          data-testid="payments-not-set-up"
          className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {t("notSetUp")}
        </p>
      )}
      {plans.isPending && <p role="status">{t("loading")}</p>}
      {plans.isError && (
        <p role="alert" className="text-rose-700">
          {t("loadError")}
        </p>
      )}
      <ul
        className={`grid gap-4 sm:grid-cols-2 ${shown.length > 3 ? "lg:grid-cols-3 xl:grid-cols-4" : "lg:grid-cols-3"}`}
      >
        {shown.map((p) => (
          <PlanCard key={p.type} plan={p} />
        ))}
      </ul>
      <p className="mt-5 text-center text-xs text-slate-500">{t(`footnote.${money.currency}`)}</p>
    </Modal>
  );
}
