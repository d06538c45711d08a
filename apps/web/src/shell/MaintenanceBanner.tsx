// The maintenance notice (contracts' Messages.maintenance): shown on every page once the server announces a
// time, in the visitor's language and time zone. A failed check shows nothing.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { api } from "../api/api-client.ts";

export function MaintenanceBanner() {
  const { t, i18n } = useTranslation("common");
  const [at, setAt] = useState<string | null>(null);
  // the product studio at /app shows its own notice (with the refusing-now state)
  const onStudio = useLocation().pathname === "/app";

  useEffect(() => {
    let live = true;
    api
      .maintenance()
      .then((m) => live && setAt(m.notice ? m.at : null))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  if (!at || onStudio) return null;
  const when = new Date(at);
  const time = Number.isNaN(when.getTime())
    ? at
    : new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
        when,
      );
  return (
    <p
      role="status"
      data-testid="maintenance-banner"
      className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
    >
      {t("maintenance", { time })}
    </p>
  );
}
