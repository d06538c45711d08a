// /stripe-checkout?type=… (new tab; couponType and subscriptionId for the coupon flow): asks
// the server for a Checkout Session and sends the browser to Stripe's page (or the stand-in's).

import { VideoOrderCheckout } from "@studio/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/api-client.ts";
import { WithQueries } from "../../app/WithQueries.tsx";
import { billingApi } from "../../features/billing/billing-api.ts";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { Button } from "../../ui/Button.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";
import { CheckoutFrame } from "./CheckoutFrame.tsx";
import { useCheckoutPlan } from "./use-checkout-plan.ts";

export default function StripeCheckoutPage() {
  return (
    <WithQueries>
      <StripeCheckoutPageBody />
    </WithQueries>
  );
}

function StripeCheckoutPageBody() {
  const { t } = useTranslation("checkout");
  useDocumentTitle("checkout:title.stripe");
  const { session, validating } = useSession();
  const ready = !validating;
  const modal = useModal();
  const { type, plan, loading, params } = useCheckoutPlan();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const coupon = params.get("couponType") ?? undefined;
  const subscriptionId = params.get("subscriptionId") ?? undefined;
  // The made-to-order video is not a plan: it is paid at its own order's price.
  const orderId = type === VideoOrderCheckout ? (params.get("orderId") ?? undefined) : undefined;
  const payable = plan ? plan.type : orderId ? VideoOrderCheckout : undefined;

  useEffect(() => {
    if (!ready || !payable || !session.loggedIn || started.current) return;
    started.current = true;
    billingApi
      .stripeCheckout({ type: payable, couponType: coupon, subscriptionId, orderId })
      .then(({ url }) => window.location.assign(url))
      .catch((err) => setError(err instanceof ApiError && err.error ? err.error : t("failed")));
  }, [ready, payable, session.loggedIn, coupon, subscriptionId, orderId, t]);

  return (
    <CheckoutFrame title={t("title.stripe")} provider="stripe" plan={plan} currency="USD">
      {orderId && <p className="mb-3 font-semibold">{t("videoOrder")}</p>}
      {!loading && !payable && (
        <p role="alert" className="text-rose-700">
          {type ? t("unknownPlan", { type }) : t("noPlan")}
        </p>
      )}
      {coupon && <p className="mb-3 text-sm text-emerald-700">{t("coupon", { coupon })}</p>}
      {payable && ready && !session.loggedIn && (
        <div className="flex flex-col gap-3">
          <p>{t("common:pleaseLogin")}</p>
          <Button onClick={() => modal.open("login", { mode: "login" })}>
            {t("common:signupToUnlock")}
          </Button>
        </div>
      )}
      {payable && session.loggedIn && !error && (
        <p role="status" className="flex items-center gap-3">
          <span className="h-5 w-5 animate-spin rounded-full border-2 border-indigo-600 border-t-transparent" />
          {t("redirecting")}
        </p>
      )}
      {error && (
        <p role="alert" className="text-rose-700">
          {error}
        </p>
      )}
    </CheckoutFrame>
  );
}
