// A simple pricing table with the spec's prices; checkout opens in a new tab (spec section 2).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { track } from "../../analytics/analytics.ts";
import { Modal } from "../../modals/Modal.tsx";
import type { PricingTable } from "../../modals/modal-kinds.ts";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { buttonClass } from "../../ui/Button.tsx";
import { CheckIcon } from "../../ui/icons.tsx";
import { type Plan, Plans } from "./plans.ts";

function PlanCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation("pricing");
  const { session } = useSession();
  const modal = useModal();
  const buy = () => {
    if (!session.loggedIn) {
      track("blocked no login", { action: "checkout", type: plan.type });
      modal.open("login", { mode: "signup" });
      return;
    }
    window.open(`/stripe-checkout?type=${encodeURIComponent(plan.type)}`, "_blank", "noopener");
  };
  return (
    <li
      className={`flex flex-col rounded-2xl p-5 ring-1 ${plan.featured ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white ring-slate-200"}`}
    >
      <div className="flex flex-col items-start gap-1.5">
        <h3 className="font-semibold">{t(`plans.${plan.key}`)}</h3>
        {plan.save && (
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ${plan.featured ? "bg-white text-indigo-700" : "bg-emerald-100 text-emerald-800"}`}
          >
            {t("save", { percent: plan.save })}
          </span>
        )}
      </div>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-3xl font-bold tracking-tight">{plan.price}</span>
        <span
          className={`text-sm whitespace-nowrap ${plan.featured ? "text-indigo-100" : "text-slate-600"}`}
        >
          {t(`period.${plan.period}`)}
        </span>
      </p>
      {plan.originalPrice && (
        <p
          className={`text-sm line-through ${plan.featured ? "text-indigo-200" : "text-slate-500"}`}
        >
          {plan.originalPrice}
        </p>
      )}
      {plan.yearly && (
        <p className={`text-sm ${plan.featured ? "text-indigo-100" : "text-slate-600"}`}>
          {t("billedYearly", { price: plan.yearly })}
        </p>
      )}
      <ul className="mt-4 flex-1 space-y-2 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <CheckIcon
              className={`mt-0.5 h-4 w-4 flex-none ${plan.featured ? "text-white" : "text-indigo-600"}`}
            />
            {t(`features.${f}`)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={buy}
        className={`mt-5 ${plan.featured ? "rounded-xl bg-white px-4 py-2.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50" : buttonClass("primary")}`}
      >
        {session.loggedIn ? t("choose") : t("common:signupToUnlock")}
      </button>
    </li>
  );
}

export function PricingTableModal({ table: initial }: { table: PricingTable }) {
  const { t } = useTranslation("pricing");
  const modal = useModal();
  const [table, setTable] = useState<PricingTable>(initial);
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
      <ul
        className={`grid gap-4 sm:grid-cols-2 ${table === "product" ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}
      >
        {Plans[table].map((p) => (
          <PlanCard key={p.key} plan={p} />
        ))}
      </ul>
      <p className="mt-5 text-center text-xs text-slate-500">{t("footnote")}</p>
    </Modal>
  );
}
