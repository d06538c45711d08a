// "What exists now" on pages whose main feature lands in a later issue.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { CoinIcon, GiftIcon, MailIcon, SparklesIcon } from "../../ui/icons.tsx";

export function AvailableNow() {
  const { t } = useTranslation("apps");
  const { session } = useSession();
  const modal = useModal();
  const needLogin = (fn: () => void) => () =>
    session.loggedIn ? fn() : modal.open("login", { mode: "signup" });
  const card =
    "flex items-start gap-3 rounded-2xl bg-white p-4 text-left ring-1 ring-slate-200 transition hover:ring-indigo-300 hover:shadow-sm";
  return (
    <section aria-labelledby="available-now" className="mt-12">
      <h2 id="available-now" className="text-lg font-semibold text-slate-900">
        {t("now.title")}
      </h2>
      <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <button type="button" className={card} onClick={needLogin(() => modal.open("daily-coin"))}>
          <CoinIcon className="h-8 w-8 flex-none" />
          <span>
            <span className="block font-medium">{t("now.coins")}</span>
            <span className="text-sm text-slate-600">{t("now.coinsText")}</span>
          </span>
        </button>
        <button
          type="button"
          className={card}
          onClick={needLogin(() => modal.open("email-verification"))}
        >
          <MailIcon className="h-8 w-8 flex-none text-indigo-600" />
          <span>
            <span className="block font-medium">{t("now.verify")}</span>
            <span className="text-sm text-slate-600">{t("now.verifyText")}</span>
          </span>
        </button>
        <button type="button" className={card} onClick={needLogin(() => modal.open("referral"))}>
          <GiftIcon className="h-8 w-8 flex-none text-fuchsia-600" />
          <span>
            <span className="block font-medium">{t("now.invite")}</span>
            <span className="text-sm text-slate-600">{t("now.inviteText")}</span>
          </span>
        </button>
        <Link to="/form" className={card}>
          <SparklesIcon className="h-8 w-8 flex-none text-violet-600" />
          <span>
            <span className="block font-medium">{t("now.feedback")}</span>
            <span className="text-sm text-slate-600">{t("now.feedbackText")}</span>
          </span>
        </Link>
      </div>
    </section>
  );
}

export function ComingBanner({ text }: { text: string }) {
  const { t } = useTranslation("apps");
  return (
    <p
      className="flex items-start gap-2 rounded-2xl bg-violet-50 px-4 py-3 text-sm text-violet-900 ring-1 ring-violet-200"
      data-testid="coming-banner"
    >
      <span className="rounded-full bg-violet-600 px-2 py-0.5 text-[10px] font-bold tracking-wide text-white uppercase">
        {t("comingTag")}
      </span>
      <span>{text}</span>
    </p>
  );
}
