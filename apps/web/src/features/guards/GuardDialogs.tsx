// Small dialogs that stop an action and say why (texts in contracts' messages.ts).
import { Constants } from "@studio/contracts";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Modal } from "../../modals/Modal.tsx";
import { useModal } from "../../modals/use-modal.ts";
import { Button } from "../../ui/Button.tsx";
import { InfoIcon, SparklesIcon, UploadIcon } from "../../ui/icons.tsx";

export function UploadReminderModal() {
  const { t } = useTranslation("modals");
  const modal = useModal();
  return (
    <Modal
      onClose={modal.close}
      title={t("uploadReminder.title")}
      description={t("uploadReminder.text")}
      size="sm"
      testId="upload-reminder"
      hero={
        <div className="flex h-20 items-center justify-center rounded-2xl bg-sky-50 text-sky-600">
          <UploadIcon className="h-10 w-10" />
        </div>
      }
    >
      <Button className="w-full" onClick={modal.close}>
        {t("common:gotIt")}
      </Button>
    </Modal>
  );
}

export function ComingSoonModal({ feature }: { feature?: string }) {
  const { t } = useTranslation("modals");
  const modal = useModal();
  return (
    <Modal
      onClose={modal.close}
      title={t("comingSoon.title")}
      size="sm"
      testId="coming-soon"
      description={feature ? t("comingSoon.textFeature", { feature }) : t("comingSoon.text")}
      hero={
        <div className="flex h-20 items-center justify-center rounded-2xl bg-violet-50 text-violet-600">
          <SparklesIcon className="h-10 w-10" />
        </div>
      }
    >
      <Button className="w-full" onClick={modal.close}>
        {t("common:gotIt")}
      </Button>
    </Modal>
  );
}

export function NoImageOrTextDialog() {
  const { t } = useTranslation("modals");
  const modal = useModal();
  return (
    <Modal
      onClose={modal.close}
      title={t("noImageOrText.title")}
      size="sm"
      testId="no-image-or-text"
      hero={
        <div className="flex h-20 items-center justify-center rounded-2xl bg-amber-50 text-amber-600">
          <InfoIcon className="h-10 w-10" />
        </div>
      }
    >
      <p className="text-sm text-slate-700">{t("noImageOrText.text")}</p>
      <Button className="mt-6 w-full" onClick={modal.close}>
        {t("common:gotIt")}
      </Button>
    </Modal>
  );
}

/** 'Choose a Plan' closes, then after 200 ms opens the pricing table of the current app. */
export function PaymentRequiredDialog() {
  const { t } = useTranslation("modals");
  const modal = useModal();
  const { pathname } = useLocation();
  const table = pathname === "/app" || pathname.startsWith("/app/") ? "product" : "clothing";
  const choose = () => {
    modal.close();
    modal.schedule(() => modal.open("pricing", { table }), Constants.pricingOpenDelayMs);
  };
  return (
    <Modal
      onClose={modal.close}
      title={t("paymentRequired.title")}
      size="sm"
      testId="payment-required"
    >
      <p className="text-sm text-slate-700">{t("paymentRequired.text")}</p>
      <Button className="mt-6 w-full" onClick={choose} data-testid="choose-plan">
        {t("paymentRequired.choose")}
      </Button>
    </Modal>
  );
}

export function ReferenceLimitModal() {
  const { t } = useTranslation("modals");
  const modal = useModal();
  return (
    <Modal
      onClose={modal.close}
      title={t("referenceLimit.title")}
      description={t("referenceLimit.text")}
      size="sm"
      testId="reference-limit"
    >
      <Button className="w-full" onClick={() => modal.open("pricing", { table: "product" })}>
        {t("referenceLimit.upgrade")}
      </Button>
    </Modal>
  );
}
