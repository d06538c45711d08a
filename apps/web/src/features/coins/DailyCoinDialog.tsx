// The daily free coin dialog: one redeem per local day, then the redeem message dialog.
import { Constants } from "@studio/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { track } from "../../analytics/analytics.ts";
import { ApiError, api } from "../../api/api-client.ts";
import { Modal } from "../../modals/Modal.tsx";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { ExternalLinks } from "../../shell/links.ts";
import { Button } from "../../ui/Button.tsx";
import { CoinIcon } from "../../ui/icons.tsx";
import { canRedeem, untilNextUtcMidnight } from "./daily-coin.ts";

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

export function DailyCoinDialog() {
  const { t } = useTranslation("coins");
  const { session, patch, refresh } = useSession();
  const modal = useModal();
  const now = useNow(15_000);
  const [busy, setBusy] = useState(false);
  const enabled = session.loggedIn && canRedeem(session.creditGiveawayDate, now);
  const { hours, minutes } = untilNextUtcMidnight(now);

  const redeem = async () => {
    setBusy(true);
    const before = session.credits;
    try {
      const res = await api.giveaway(session.userId);
      patch({ credits: res.credits, creditGiveawayDate: res.creditGiveawayDate });
      void refresh();
      // the server's message is English; the dialog says the same in the user's language
      const message = t("redeem.success", {
        added: Math.max(0, res.credits - before),
        credits: res.credits,
      });
      modal.close();
      modal.open("redeem-message", { message, ok: true });
    } catch (err) {
      const error = err instanceof ApiError ? err.error : String(err);
      track("redeeming error", { error });
      modal.close();
      modal.open("redeem-message", { message: error || t("redeem.failed"), ok: false });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      onClose={modal.close}
      title={t("daily.title")}
      description={t("daily.description", { count: Constants.dailyFreeCoins })}
      testId="daily-coin-dialog"
      hero={
        <div className="flex h-28 items-center justify-center rounded-2xl bg-gradient-to-br from-amber-100 to-orange-100">
          <CoinIcon className="h-16 w-16 drop-shadow" />
        </div>
      }
    >
      <p className="text-sm text-slate-700">
        {t("daily.balance")}{" "}
        <strong className="tabular-nums" data-testid="daily-coin-balance">
          {session.credits}
        </strong>
      </p>
      <Button
        className="mt-5 w-full"
        onClick={redeem}
        disabled={!enabled || busy}
        data-testid="redeem-button"
      >
        {enabled
          ? t("daily.redeem", { count: Constants.dailyFreeCoins })
          : t("daily.countdown", { hours, minutes })}
      </Button>
      {!enabled && (
        <p className="mt-3 text-center text-xs text-slate-500" data-testid="redeem-countdown">
          {t("daily.comeBack", { hours, minutes })}
        </p>
      )}
      <p className="mt-6 border-t border-slate-100 pt-4 text-xs text-slate-500">
        {t("daily.support")}{" "}
        <a
          className="font-medium text-indigo-700 underline"
          href={`mailto:${ExternalLinks.supportEmail}`}
        >
          {ExternalLinks.supportEmail}
        </a>
      </p>
    </Modal>
  );
}

export function RedeemMessageDialog({ message, ok }: { message: string; ok: boolean }) {
  const { t } = useTranslation("coins");
  const modal = useModal();
  return (
    <Modal
      onClose={modal.close}
      title={ok ? t("message.titleOk") : t("message.titleFail")}
      size="sm"
      testId="redeem-message"
    >
      <p
        className={`text-sm ${ok ? "text-slate-700" : "text-rose-700"}`}
        data-testid="redeem-message-text"
      >
        {message}
      </p>
      <Button className="mt-6 w-full" onClick={modal.close}>
        {t("common:ok")}
      </Button>
    </Modal>
  );
}
