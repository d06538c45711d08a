// Small dialogs that stop an action and say why (texts in contracts' messages.ts).
import { Constants } from "@studio/contracts";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { IconHero } from "../../modals/IconHero.tsx";
import { Modal } from "../../modals/Modal.tsx";
import { useModal } from "../../modals/use-modal.ts";
import { Button } from "../../ui/Button.tsx";
import { InfoIcon, SparklesIcon, UploadIcon } from "../../ui/icons.tsx";

/** a notice that only says why, with one button that closes it */
function GotItNotice({
  title,
  text,
  testId,
  icon,
  tint,
}: {
  title: string;
  text: string;
  testId: string;
  icon: ComponentType<{ className?: string }>;
  tint: string;
}) {
  const { t } = useTranslation("modals");
  const modal = useModal();
  return (
    <Modal
      onClose={modal.close}
      title={title}
      description={text}
      size="sm"
      testId={testId}
      hero={<IconHero icon={icon} tint={tint} small />}
    >
      <Button className="w-full" onClick={modal.close}>
        {t("common:gotIt")}
      </Button>
    </Modal>
  );
}

export function UploadReminderModal() {
  const { t } = useTranslation("modals");
  return (
    <GotItNotice
      title={t("uploadReminder.title")}
      text={t("uploadReminder.text")}
      testId="upload-reminder"
      icon={UploadIcon}
      tint="bg-sky-50 text-sky-600"
    />
  );
}

export function ComingSoonModal({ feature }: { feature?: string }) {
  const { t } = useTranslation("modals");
  return (
    <GotItNotice
      title={t("comingSoon.title")}
      text={feature ? t("comingSoon.textFeature", { feature }) : t("comingSoon.text")}
      testId="coming-soon"
      icon={SparklesIcon}
      tint="bg-violet-50 text-violet-600"
    />
  );
}

export function NoImageOrTextDialog() {
  const { t } = useTranslation("modals");
  return (
    <GotItNotice
      title={t("noImageOrText.title")}
      text={t("noImageOrText.text")}
      testId="no-image-or-text"
      icon={InfoIcon}
      tint="bg-amber-50 text-amber-600"
    />
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
