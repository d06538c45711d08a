// The console's two pages: the overview (growth, users, maintenance) and the generations and
// queue page. Links, so each page has its own address and the back button works.
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";

const link = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium ${
    isActive ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"
  }`;

export function AdminNav() {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("nav.label")} className="mt-3 flex flex-wrap gap-1">
      <NavLink to="/admin" end className={link}>
        {t("nav.overview")}
      </NavLink>
      <NavLink to="/admin/queue" className={link}>
        {t("nav.queue")}
      </NavLink>
    </nav>
  );
}
