// Subscription management (decisions 0600, 0630): each app's subscription with its status
// and expiry, Cancel through the coupon offer and the survey, and Upgrade when the spec says.
import { BillingMessages, type SubscriptionKind } from "@studio/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { track } from "../../analytics/analytics.ts";
import { Modal } from "../../modals/Modal.tsx";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { ExternalLinks } from "../../shell/links.ts";
import { Button } from "../../ui/Button.tsx";
import { billingApi } from "./billing-api.ts";
import { nextCancelStep, showUpgrade, subscriptionViews } from "./cancel-flow.ts";

export function TechnicalIssues() {
  const { t } = useTranslation("billing");
  return (
    <p role="alert" className="rounded-xl bg-rose-50 p-3 text-sm text-rose-800">
      {t("technicalIssues")}{" "}
      <a className="font-semibold underline" href={`mailto:${ExternalLinks.supportEmail}`}>
        {ExternalLinks.supportEmail}
      </a>
    </p>
  );
}

export function SubscriptionManagerModal() {
  const { t, i18n } = useTranslation("billing");
  const modal = useModal();
  const { refresh } = useSession();
  const client = useQueryClient();
  const subs = useQuery({ queryKey: ["subscriptions"], queryFn: billingApi.subscriptions });
  const cancel = useMutation({
    mutationFn: (v: { kind: SubscriptionKind; id: string }) => billingApi.cancel(v.kind, v.id),
    onSuccess: async () => {
      track("Cancel subscription success", {});
      await client.invalidateQueries({ queryKey: ["subscriptions"] });
      await refresh();
    },
    onError: () => track("Cancel subscription failed", {}),
  });
  const views = subs.data ? subscriptionViews(subs.data, Math.floor(Date.now() / 1000)) : [];
  const date = (sec: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(sec * 1000));

  const onCancel = (kind: SubscriptionKind, id: string) => {
    track("Cancel subscription attempt", { kind });
    const step = nextCancelStep(id);
    if (step === "coupon") modal.open("cancel-coupon", { kind, subscriptionId: id });
    else if (step === "survey")
      modal.open("cancel-survey", { kind, subscriptionId: id, attempt: true });
    else cancel.mutate({ kind, id });
  };

  return (
    <Modal onClose={modal.close} title={t("manager.title")} size="lg" testId="subscription-manager">
      {subs.isPending && <p role="status">{t("manager.loading")}</p>}
      {(subs.isError || cancel.isError) && <TechnicalIssues />}
      {subs.data && views.length === 0 && <p className="text-slate-600">{t("manager.none")}</p>}
      <ul className="space-y-3">
        {views.map((v) => (
          <li
            key={v.kind}
            className="rounded-2xl p-4 ring-1 ring-slate-200"
            data-testid={`subscription-${v.kind}`}
          >
            <p className="font-semibold">{t(`manager.kind.${v.kind}`)}</p>
            <p className="mt-1 text-sm">
              <span className="font-medium" data-testid="subscription-status">
                {t(`manager.status.${v.status}`)}
              </span>
              {v.expiration > 0 && (
                <span className="text-slate-600">
                  {" "}
                  ·{" "}
                  {t(v.status === "ON GOING" ? "manager.renews" : "manager.until", {
                    date: date(v.expiration),
                  })}
                </span>
              )}
            </p>
            {v.canCancel && (
              <Button
                variant="secondary"
                className="mt-3"
                disabled={cancel.isPending}
                onClick={() => onCancel(v.kind, v.id)}
              >
                {cancel.isPending ? t("manager.cancelling") : t("manager.cancel")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {cancel.data && (
        <p role="status" className="mt-4 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900">
          {cancel.data.message === BillingMessages.trialCancelled
            ? t("manager.trialCancelled")
            : t("manager.cancelled")}
        </p>
      )}
      {subs.data && showUpgrade(views) && (
        <Button className="mt-5" onClick={() => modal.open("pricing", { table: "product" })}>
          {t("manager.upgrade")}
        </Button>
      )}
    </Modal>
  );
}
