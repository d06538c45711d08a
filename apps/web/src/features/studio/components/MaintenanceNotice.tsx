// 'Our server will be down for maintenance at: (time)', in the user's language and time zone.
import { useTranslation } from "react-i18next";
import { InfoIcon } from "../../../ui/icons.tsx";
import { useMaintenance } from "../hooks/use-studio-queries.ts";

export function MaintenanceNotice() {
  const { t, i18n } = useTranslation("product-app");
  const { data } = useMaintenance();
  if (!data?.notice || !data.at) return null;
  const time = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(data.at));
  return (
    <p
      role="status"
      data-testid="maintenance-notice"
      className={`flex items-start gap-2 rounded-2xl px-4 py-3 text-sm ring-1 ${data.active ? "bg-rose-50 text-rose-900 ring-rose-200" : "bg-amber-50 text-amber-900 ring-amber-200"}`}
    >
      <InfoIcon className="mt-0.5 h-4 w-4 flex-none" />
      <span>
        {t("maintenance.notice", { time })}
        {data.active && <span className="block font-semibold">{t("maintenance.active")}</span>}
      </span>
    </p>
  );
}
