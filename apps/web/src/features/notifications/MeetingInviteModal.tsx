import { useTranslation } from "react-i18next";
import { IconHero } from "../../modals/IconHero.tsx";
import { ExternalLinks } from "../../shell/links.ts";
import { buttonClass } from "../../ui/Button.tsx";
import { VideoIcon } from "../../ui/icons.tsx";
import { NotificationModal } from "./NotificationModal.tsx";
import { useCloseMarking } from "./use-close-marking.ts";

export function MeetingInviteModal() {
  const { t } = useTranslation("notifications");
  const close = useCloseMarking("meeting-invite");
  const subject = encodeURIComponent(t("meeting-invite.mailSubject"));
  return (
    <NotificationModal
      kind="meeting-invite"
      hero={
        <IconHero
          icon={VideoIcon}
          tint="bg-gradient-to-br from-emerald-100 to-teal-50 text-emerald-600"
        />
      }
    >
      <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
        {t("meeting-invite.offer")}
      </p>
      <a
        className={buttonClass("primary", "mt-6 w-full")}
        href={`mailto:${ExternalLinks.supportEmail}?subject=${subject}`}
        onClick={close}
      >
        {t("meeting-invite.cta")}
      </a>
    </NotificationModal>
  );
}
