// Schedules or clears the maintenance notice; the site's banner shows it to every visitor
// (GET /api/maintenance), within a few seconds on every server process.
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";
import { adminApi, type MaintenanceSchedule } from "./admin-api.ts";

/** `datetime-local` value (the admin's own zone) for an instant. */
function localInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function MaintenancePanel({
  onChanged,
  onError,
}: {
  onChanged: () => void;
  onError: (e: unknown) => void;
}) {
  const { t } = useTranslation("admin");
  const [current, setCurrent] = useState<MaintenanceSchedule | null>(null);
  const [when, setWhen] = useState("");
  const [minutes, setMinutes] = useState("60");
  useEffect(() => {
    adminApi.maintenance().then((s) => {
      setCurrent(s);
      if (s.at) setWhen(localInput(s.at));
      setMinutes(String(s.minutes));
    }, onError);
  }, [onError]);
  const save = (at: string | null) => {
    const m = Number(minutes);
    if (!Number.isInteger(m) || m < 1) return;
    adminApi.setMaintenance(at, m).then((s) => {
      setCurrent(s);
      onChanged();
    }, onError);
  };
  const schedule = (e: FormEvent) => {
    e.preventDefault();
    const d = new Date(when);
    if (!when || Number.isNaN(d.getTime())) return;
    save(d.toISOString());
  };
  return (
    <section aria-labelledby="admin-maintenance" className="mt-8">
      <h2 id="admin-maintenance" className="text-lg font-semibold">
        {t("maintenance.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="maintenance-current">
        {current?.at
          ? t("maintenance.scheduled", {
              time: new Date(current.at).toLocaleString(),
              minutes: current.minutes,
            })
          : t("maintenance.none")}
      </p>
      <form className="mt-3 flex flex-wrap items-end gap-2" onSubmit={schedule}>
        <label className="text-sm">
          <span className="block text-slate-600">{t("maintenance.when")}</span>
          <input
            type="datetime-local"
            className="rounded-xl border border-slate-300 px-3 py-2"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
          />
        </label>
        <label className="text-sm">
          <span className="block text-slate-600">{t("maintenance.minutes")}</span>
          <input
            inputMode="numeric"
            className="w-24 rounded-xl border border-slate-300 px-3 py-2"
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
          />
        </label>
        <Button type="submit">{t("maintenance.schedule")}</Button>
        {current?.at && (
          <Button variant="secondary" onClick={() => save(null)}>
            {t("maintenance.clear")}
          </Button>
        )}
      </form>
    </section>
  );
}
