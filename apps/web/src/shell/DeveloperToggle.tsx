// Developer accounts only (decision 0300): switches on the developer panel.
import { useTranslation } from "react-i18next";
import { useSession } from "../session/use-session.ts";

export function DeveloperToggle() {
  const { t } = useTranslation("nav");
  const { session, setDeveloperMode } = useSession();
  if (!session.loggedIn || !session.developer) return null;
  return (
    // a native switch: the top bar is in the first chunk, and this needs no more than ARIA
    <button
      type="button"
      role="switch"
      aria-checked={session.developerMode}
      onClick={() => setDeveloperMode(!session.developerMode)}
      data-testid="developer-toggle"
      className="group flex items-center gap-2 rounded-full"
    >
      <span className="relative inline-flex h-6 w-11 flex-none items-center rounded-full bg-slate-300 transition group-aria-checked:bg-emerald-500">
        <span className="inline-block h-4 w-4 translate-x-1 rounded-full bg-white shadow transition group-aria-checked:translate-x-6" />
      </span>
      <span className="sr-only text-xs font-medium text-slate-600 xl:not-sr-only">
        {t("developer")}
      </span>
    </button>
  );
}

export function DeveloperPanel() {
  const { t } = useTranslation("nav");
  const { session } = useSession();
  if (!session.developer || !session.developerMode) return null;
  const { token: _token, ...visible } = session;
  return (
    <aside
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls; keyboard users must reach it
      tabIndex={0}
      aria-label={t("developerPanel")}
      className="fixed right-3 bottom-3 z-40 max-h-72 w-72 overflow-auto rounded-xl bg-slate-900/95 p-3 font-mono text-[11px] leading-4 text-emerald-200 shadow-2xl"
    >
      <pre>{JSON.stringify(visible, null, 1)}</pre>
    </aside>
  );
}
