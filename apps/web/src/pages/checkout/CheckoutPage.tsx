// /stripe-checkout and /wechat-pay-checkout (spec section 2). Payments arrive with billing;
// until then the page shows the chosen plan and what to do meanwhile.
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Plans } from "../../features/pricing/plans.ts";
import { useModal } from "../../modals/use-modal.ts";
import { Button, buttonClass } from "../../ui/Button.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";
import { ComingBanner } from "../apps/AvailableNow.tsx";

export default function CheckoutPage({ provider }: { provider: "stripe" | "wechat" }) {
  const { t } = useTranslation("checkout");
  useDocumentTitle(`checkout:title.${provider}`);
  const [params] = useSearchParams();
  const modal = useModal();
  const type = params.get("type") ?? "";
  const plan = Object.values(Plans)
    .flat()
    .find((p) => p.type === type);
  const coupon = params.get("couponType");

  return (
    <div className="mx-auto max-w-2xl px-5 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t(`title.${provider}`)}</h1>
      <div className="mt-6">
        <ComingBanner text={t("coming")} />
      </div>
      <div className="mt-8 rounded-3xl bg-white p-6 ring-1 ring-slate-200">
        {plan ? (
          <>
            <p className="text-sm text-slate-500">{t("plan")}</p>
            <p className="mt-1 text-xl font-semibold">{t(`pricing:plans.${plan.key}`)}</p>
            <p className="mt-1 text-3xl font-bold">
              {plan.price}{" "}
              <span className="text-base font-normal text-slate-500">
                {t(`pricing:period.${plan.period}`)}
              </span>
            </p>
            {coupon && <p className="mt-2 text-sm text-emerald-700">{t("coupon", { coupon })}</p>}
          </>
        ) : (
          <p role="alert" className="text-rose-700">
            {type ? t("unknownPlan", { type }) : t("noPlan")}
          </p>
        )}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button
            onClick={() =>
              modal.open("pricing", {
                table: plan?.type.startsWith("CLOTHING") ? "clothing" : "product",
              })
            }
          >
            {t("seePlans")}
          </Button>
          <Link to="/app" className={buttonClass("secondary")}>
            {t("backToApp")}
          </Link>
        </div>
      </div>
    </div>
  );
}
