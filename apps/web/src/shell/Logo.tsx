// The logo; test users get a different one (amber, with a TEST badge) so a demo account is
// never mistaken for a real one on screen.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function Logo({ testUser }: { testUser: boolean }) {
  const { t } = useTranslation("common");
  const [from, to] = testUser ? ["#f59e0b", "#ef4444"] : ["#6366f1", "#ec4899"];
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-lg pr-1"
      aria-label={testUser ? t("logoTestAlt") : t("logoAlt")}
      data-testid={testUser ? "logo-test-user" : "logo"}
    >
      <svg viewBox="0 0 64 64" className="h-8 w-8 flex-none" aria-hidden="true">
        <defs>
          <linearGradient id={testUser ? "logo-t" : "logo-g"} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={from} />
            <stop offset="1" stopColor={to} />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill={`url(#${testUser ? "logo-t" : "logo-g"})`} />
        <circle cx="32" cy="35" r="13" fill="none" stroke="#fff" strokeWidth="5" />
        <rect x="22" y="12" width="20" height="8" rx="3" fill="#fff" />
      </svg>
      <span className="hidden text-base font-bold tracking-tight text-slate-900 sm:inline">
        {t("brand")}
      </span>
      {testUser && (
        <span className="rounded-md bg-amber-100 px-1.5 py-0.5 text-[10px] font-bold uppercase text-amber-800">
          {t("testBadge")}
        </span>
      )}
    </Link>
  );
}
