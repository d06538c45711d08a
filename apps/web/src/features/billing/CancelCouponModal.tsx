// The cancellation coupon (decision 0630): half off instead of leaving. Accepting opens
// the half-off plan's checkout, which replaces the subscription once paid.
import { CancellationCouponPercent, type SubscriptionKind } from "@studio/contracts";
import { useTranslation } from "react-i18next";
import { Modal } from "../../modals/Modal.tsx";
import { useModal } from "../../modals/use-modal.ts";
import { Button } from "../../ui/Button.tsx";
import { markSeen } from "./cancel-flow.ts";

export function CancelCouponModal({
  kind,
  subscriptionId,
}: {
  kind: SubscriptionKind;
  subscriptionId: string;
}) {
  const { t } = useTranslation("billing");
  const modal = useModal();
  const accept = () => {
    markSeen(subscriptionId, "coupon");
    const q = new URLSearchParams({
      type: "HALF_OFF_MONTHLY",
      couponType: "CANCEL_50",
      subscriptionId,
    });
    window.open(`/stripe-checkout?${q}`, "_blank", "noopener");
    modal.close();
  };
  const decline = () => {
    markSeen(subscriptionId, "coupon");
    modal.open("cancel-survey", { kind, subscriptionId, attempt: true });
  };
  return (
    <Modal
      onClose={modal.close}
      title={t("coupon.title", { percent: CancellationCouponPercent })}
      testId="cancel-coupon"
    >
      <p className="text-slate-700">{t("coupon.body", { percent: CancellationCouponPercent })}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button onClick={accept}>
          {t("coupon.accept", { percent: CancellationCouponPercent })}
        </Button>
        <Button variant="secondary" onClick={decline}>
          {t("coupon.decline")}
        </Button>
      </div>
    </Modal>
  );
}
