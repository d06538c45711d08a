// Where Stripe sends the browser back: /checkout/success?provider=stripe&session_id=… waits for
// the webhook to land (entitlements change only there), then refreshes the session so the
// crown, the coins or the clothing app show at once; /checkout/cancel says nothing was charged.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { request } from "../../api/api-client.ts";
import { WithQueries } from "../../app/WithQueries.tsx";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { Button, buttonClass } from "../../ui/Button.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";

const GIVE_UP_MS = 60_000;

export function CheckoutSuccessPage() {
  const { t } = useTranslation("checkout");
  useDocumentTitle("checkout:success.title");
  const [params] = useSearchParams();
  const sessionId = params.get("session_id") ?? "";
  const { session, refresh } = useSession();
  const started = Date.now();
  const payment = useQuery({
    queryKey: ["stripe-payment", sessionId],
    queryFn: () =>
      request<{ type: string; status: string }>(
        "GET",
        `/api/checkout/stripe/${encodeURIComponent(sessionId)}`,
      ),
    enabled: session.loggedIn && sessionId !== "",
    refetchInterval: (q) =>
      q.state.data?.status === "pending" && Date.now() - started < GIVE_UP_MS ? 1500 : false,
  });
  const paid = payment.data?.status === "paid";
  useEffect(() => {
    if (paid) void refresh();
  }, [paid, refresh]);

  return (
    <div className="mx-auto max-w-xl px-5 py-12">
      <div className="rounded-3xl bg-white p-6 ring-1 ring-slate-200">
        {paid ? (
          <div role="status" data-testid="checkout-paid">
            <h1 className="text-2xl font-bold">{t("success.title")}</h1>
            <p className="mt-2 text-slate-700">{t("success.body")}</p>
            <p className="mt-1 text-sm text-slate-500">
              {t(`pricing:planNames.${payment.data?.type}`)}
            </p>
          </div>
        ) : payment.isError ? (
          <p role="alert" className="text-rose-700">
            {t("success.unknown")}
          </p>
        ) : (
          <p role="status" className="flex items-center gap-3">
            <span className="h-5 w-5 animate-spin rounded-full border-2 border-indigo-600 border-t-transparent" />
            {t("success.confirming")}
          </p>
        )}
        <Link to="/app" className={`mt-6 ${buttonClass("primary")}`}>
          {t("success.start")}
        </Link>
      </div>
    </div>
  );
}

export function CheckoutCancelPage() {
  const { t } = useTranslation("checkout");
  useDocumentTitle("checkout:cancelled.title");
  const modal = useModal();
  const [params] = useSearchParams();
  const clothing = (params.get("type") ?? "").startsWith("CLOTHING");
  return (
    <div className="mx-auto max-w-xl px-5 py-12">
      <div className="rounded-3xl bg-white p-6 ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold">{t("cancelled.title")}</h1>
        <p className="mt-2 text-slate-700">{t("cancelled.body")}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button
            onClick={() => modal.open("pricing", { table: clothing ? "clothing" : "product" })}
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

export default function CheckoutResultPage({ result }: { result: "success" | "cancel" }) {
  return (
    <WithQueries>
      {result === "success" ? <CheckoutSuccessPage /> : <CheckoutCancelPage />}
    </WithQueries>
  );
}
