import { Constants } from "@studio/contracts";
import { useTranslation } from "react-i18next";
import { useModal } from "../../modals/use-modal.ts";
import { Button } from "../../ui/Button.tsx";
import { CoinIcon } from "../../ui/icons.tsx";
import { NotificationModal } from "./NotificationModal.tsx";
import { useCloseMarking } from "./use-close-marking.ts";
import { useMarkReceived } from "./use-notifications.ts";

export function FreeCreditModal() {
  const { t } = useTranslation("notifications");
  const close = useCloseMarking("free-credit");
  const mark = useMarkReceived();
  const modal = useModal();
  return (
    <NotificationModal
      kind="free-credit"
      textValues={{ count: Constants.dailyFreeCoins }}
      hero={
        <div className="flex h-28 items-center justify-center gap-1 rounded-2xl bg-gradient-to-br from-amber-100 to-yellow-50">
          <CoinIcon className="h-12 w-12 -rotate-12" />
          <CoinIcon className="h-16 w-16" />
          <CoinIcon className="h-12 w-12 rotate-12" />
        </div>
      }
    >
      <ul className="space-y-2 text-sm text-slate-700">
        <li>{t("free-credit.point1", { count: Constants.imagesPerGeneration })}</li>
        <li>{t("free-credit.point2", { count: Constants.emailVerificationReward })}</li>
      </ul>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button variant="secondary" className="flex-1" onClick={close}>
          {t("common:close")}
        </Button>
        <Button
          className="flex-1"
          onClick={() => {
            mark("free-credit");
            modal.open("daily-coin");
          }}
        >
          {t("free-credit.cta")}
        </Button>
      </div>
    </NotificationModal>
  );
}
