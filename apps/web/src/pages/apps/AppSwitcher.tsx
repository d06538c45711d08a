import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { ActiveApp } from "../../session/session-state.ts";
import { useSession } from "../../session/use-session.ts";

const paths: Record<ActiveApp, string> = {
  product: "/app",
  clothing: "/clothing-app",
  video: "/video-app",
};

export function AppSwitcher({ current }: { current: ActiveApp }) {
  const { t } = useTranslation("apps");
  const { setActiveApp } = useSession();
  const navigate = useNavigate();
  return (
    <nav aria-label={t("switcher")} className="inline-flex rounded-xl bg-slate-100 p-1">
      {(["product", "clothing", "video"] as const).map((app) => (
        <button
          key={app}
          type="button"
          aria-current={app === current ? "page" : undefined}
          onClick={() => {
            setActiveApp(app);
            navigate(paths[app]);
          }}
          className={`rounded-lg px-3 py-1.5 text-sm font-semibold sm:px-4 ${app === current ? "bg-white text-slate-900 shadow" : "text-slate-600 hover:text-slate-900"}`}
        >
          {t(`${app}.short`)}
        </button>
      ))}
    </nav>
  );
}
