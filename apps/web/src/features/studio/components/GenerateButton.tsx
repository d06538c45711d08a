// The Generate button: what it makes and what it costs (a coin per photo; Basic draws on its
// monthly photos instead; unlimited plans pay nothing: packages/contracts/src/plan-rules.ts). Anonymous visitors read 'Signup to unlock' / 'Please login to continue.'.
import { basicMonthlyImages } from "@studio/contracts";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../session/use-session.ts";
import { CoinIcon, SparklesIcon } from "../../../ui/icons.tsx";
import type { DisabledReason } from "../model/generate-rules.ts";
import { LockIcon } from "./studio-icons.tsx";

interface Props {
  images: number;
  coins: number;
  unlimited: boolean;
  /** Basic: the photos come from the month's allowance, not from coins */
  monthly: boolean;
  disabled: DisabledReason | null;
  error: string | null;
  onClick: () => void;
}

export function GenerateButton(p: Props) {
  const { t } = useTranslation("product-app");
  const { session } = useSession();
  const { loggedIn, credits } = session;
  const busy: Record<DisabledReason, string> = {
    submitting: t("generate.submitting"),
    running: t("generate.running"),
    uploading: t("generate.uploading"),
    maintenance: t("maintenance.active"),
  };
  const label = !loggedIn
    ? t("common:signupToUnlock")
    : p.disabled
      ? busy[p.disabled]
      : p.images === 1
        ? t("generate.buttonOne", { count: p.images })
        : t("generate.buttonMany", { count: p.images });
  const cost = p.unlimited
    ? t("generate.unlimited")
    : p.monthly
      ? t("generate.monthly", { count: basicMonthlyImages })
      : p.coins === 1
        ? t("generate.costOne", { count: p.coins })
        : t("generate.costMany", { count: p.coins });

  return (
    <div>
      <button
        type="button"
        onClick={p.onClick}
        disabled={p.disabled !== null}
        data-testid="generate"
        className="group flex min-h-14 w-full items-center justify-between gap-2 rounded-2xl bg-gradient-to-r from-indigo-600 to-violet-600 px-4 py-3 sm:px-5 text-left text-base font-semibold text-white shadow-lg shadow-indigo-600/20 transition hover:from-indigo-500 hover:to-violet-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:from-slate-400 disabled:to-slate-400 disabled:shadow-none"
      >
        <span className="flex min-w-0 items-center gap-2 sm:whitespace-nowrap">
          {loggedIn ? (
            p.disabled === "submitting" || p.disabled === "running" ? (
              <span className="h-4 w-4 flex-none animate-spin rounded-full border-2 border-white border-t-transparent" />
            ) : (
              <SparklesIcon className="h-5 w-5 flex-none" />
            )
          ) : (
            <LockIcon className="h-5 w-5 flex-none" />
          )}
          {label}
        </span>
        {loggedIn && (
          <span
            className="flex flex-none items-center gap-1 rounded-full bg-white/20 px-2.5 py-1 text-sm"
            data-testid="generate-cost"
          >
            <CoinIcon className="h-4 w-4" />
            {cost}
          </span>
        )}
      </button>
      <div className="mt-2 text-center text-xs text-slate-600">
        {loggedIn ? (
          <>
            {!p.unlimited && !p.monthly && <span>{t("generate.costNote")} </span>}
            {!p.unlimited && !p.monthly && (
              <span className="font-medium text-slate-800">
                {t("generate.balance", { count: credits })}
              </span>
            )}
          </>
        ) : (
          <span data-testid="login-hint">{t("common:pleaseLogin")}</span>
        )}
      </div>
      {p.error && (
        <p
          role="alert"
          className="mt-2 rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200"
          data-testid="generate-error"
        >
          {p.error}
        </p>
      )}
    </div>
  );
}
