// Coins in the top bar: 'Coins' beside the icon on wide screens, the icon alone at 768px or
// less (the .coin-label rule in index.css); unlimited users see a crown with 'VIP'.
import { useTranslation } from "react-i18next";
import { track } from "../analytics/analytics.ts";
import { useModal } from "../modals/use-modal.ts";
import { isUnlimited } from "../session/session-state.ts";
import { useSession } from "../session/use-session.ts";
import { CoinIcon, CrownIcon } from "../ui/icons.tsx";
import { Tooltip } from "../ui/Tooltip.tsx";

export function CoinButton() {
  const { t } = useTranslation("coins");
  const { session } = useSession();
  const modal = useModal();
  const unlimited = session.loggedIn && isUnlimited(session);

  const onClick = () => {
    if (!session.loggedIn) {
      track("blocked no login", { action: "daily-coins" });
      modal.open("login", { mode: "login" });
      return;
    }
    modal.open("daily-coin");
  };

  if (unlimited)
    return (
      <Tooltip content={t("tooltipVip")}>
        <button
          type="button"
          onClick={onClick}
          data-testid="vip-badge"
          className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1.5 text-sm font-bold text-amber-800 ring-1 ring-amber-200 hover:bg-amber-100"
        >
          <CrownIcon className="h-5 w-5" />
          <span>{t("vip")}</span>
          <span className="sr-only">{t("vipAria")}</span>
        </button>
      </Tooltip>
    );

  return (
    <Tooltip content={t("tooltip")}>
      <button
        type="button"
        onClick={onClick}
        data-testid="coin-button"
        className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1.5 text-sm font-semibold text-amber-900 ring-1 ring-amber-200 hover:bg-amber-100"
      >
        <CoinIcon className="h-5 w-5" data-testid="coin-icon" />
        <span className="coin-label" data-testid="coin-label">
          {t("label")}
        </span>
        <span data-testid="coin-count" className="tabular-nums">
          {session.credits}
        </span>
        <span className="sr-only">{t("buttonAria")}</span>
      </button>
    </Tooltip>
  );
}
