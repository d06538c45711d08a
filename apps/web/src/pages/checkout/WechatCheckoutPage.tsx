// /wechat-pay-checkout?type=…: a WeChat Pay Native order drawn as a QR code, the amount in
// yuan, a countdown to the order's expiry, and a poll of the order until it is paid (then
// the session is refreshed so the plan shows at once) or closed.
import type { WechatCheckoutResponse, WechatOrderResponse } from "@studio/contracts";
import { useQuery } from "@tanstack/react-query";
import { toDataURL } from "qrcode";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../api/api-client.ts";
import { WithQueries } from "../../app/WithQueries.tsx";
import { billingApi } from "../../features/billing/billing-api.ts";
import { useBillingMode } from "../../features/billing/use-plans.ts";
import { useNow } from "../../features/studio/hooks/use-now.ts";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { Button, buttonClass } from "../../ui/Button.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";
import { CheckoutFrame } from "./CheckoutFrame.tsx";
import { useCheckoutPlan } from "./use-checkout-plan.ts";

function Countdown({ expiresAt }: { expiresAt: number }) {
  const { t } = useTranslation("checkout");
  const now = useNow(true, 1000);
  const left = Math.max(0, expiresAt - Math.floor(now / 1000));
  const mm = String(Math.floor(left / 60)).padStart(2, "0");
  const ss = String(left % 60).padStart(2, "0");
  return <p className="text-sm text-slate-600">{t("wechat.expiresIn", { time: `${mm}:${ss}` })}</p>;
}

export default function WechatCheckoutPage() {
  return (
    <WithQueries>
      <WechatCheckoutPageBody />
    </WithQueries>
  );
}

function WechatCheckoutPageBody() {
  const { t } = useTranslation("checkout");
  useDocumentTitle("checkout:title.wechat");
  const { session, validating, refresh } = useSession();
  const modal = useModal();
  const mode = useBillingMode();
  const { type, plan, loading } = useCheckoutPlan();
  const [order, setOrder] = useState<WechatCheckoutResponse | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (validating || !plan || !session.loggedIn || started.current) return;
    started.current = true;
    billingApi
      .wechatCheckout(plan.type)
      .then(async (o) => {
        setOrder(o);
        setQr(await toDataURL(o.codeUrl, { margin: 1, width: 240, errorCorrectionLevel: "M" }));
      })
      .catch((err) => setError(err instanceof ApiError && err.error ? err.error : t("failed")));
  }, [validating, plan, session.loggedIn, t]);

  const status = useQuery<WechatOrderResponse>({
    queryKey: ["wechat-order", order?.orderId],
    queryFn: () => billingApi.wechatOrder(order?.orderId ?? ""),
    enabled: order !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== "NOTPAY" ? false : 2000),
  });
  const state = status.data?.status ?? "NOTPAY";
  useEffect(() => {
    if (state === "SUCCESS") void refresh();
  }, [state, refresh]);

  return (
    <CheckoutFrame title={t("title.wechat")} provider="wechat" plan={plan} currency="CNY">
      {!loading && !plan && (
        <p role="alert" className="text-rose-700">
          {type ? t("unknownPlan", { type }) : t("noPlan")}
        </p>
      )}
      {plan && !validating && !session.loggedIn && (
        <Button onClick={() => modal.open("login", { mode: "login" })}>
          {t("common:signupToUnlock")}
        </Button>
      )}
      {error && (
        <p role="alert" className="text-rose-700">
          {error}
        </p>
      )}
      {order && state === "NOTPAY" && (
        <div className="flex flex-col items-center gap-3 text-center">
          {qr ? (
            <img
              src={qr}
              width={240}
              height={240}
              alt={t("wechat.qrAlt")}
              data-testid="wechat-qr"
              className="rounded-xl ring-1 ring-slate-200"
            />
          ) : (
            <div className="h-60 w-60 animate-pulse rounded-xl bg-slate-100" />
          )}
          <p className="font-semibold">{t("wechat.scan")}</p>
          <Countdown expiresAt={order.expiresAt} />
          <p role="status" className="text-sm text-slate-500">
            {t("wechat.waiting")}
          </p>
          {mode.data?.wechat !== "live" && (
            <a
              href={`/sandbox/wechat/pay?code=${encodeURIComponent(order.codeUrl)}`}
              target="_blank"
              rel="noreferrer"
              className={buttonClass("secondary")}
              data-testid="wechat-simulate"
            >
              {t("wechat.simulate")}
            </a>
          )}
        </div>
      )}
      {state === "SUCCESS" && (
        <div
          role="status"
          className="rounded-2xl bg-emerald-50 p-4 text-emerald-900"
          data-testid="wechat-paid"
        >
          <p className="font-semibold">{t("success.title")}</p>
          <p className="mt-1 text-sm">{t("success.body")}</p>
          <Link to="/app" className={`mt-3 ${buttonClass("primary")}`}>
            {t("success.start")}
          </Link>
        </div>
      )}
      {(state === "CLOSED" || state === "REFUND") && (
        <p role="alert" className="text-rose-700">
          {t(`wechat.${state === "CLOSED" ? "closed" : "refunded"}`)}
        </p>
      )}
    </CheckoutFrame>
  );
}
