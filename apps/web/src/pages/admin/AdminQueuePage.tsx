// /admin/queue: generations and the queue (decision 0905). The live queue with positions (read
// again every few seconds), the workers alive, failures with their error, Retry and Refund per
// generation, the daily p50/p95 generation time and the log of these actions.
import type { QueueSnapshot } from "@studio/contracts";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminActionLog } from "../../features/admin/AdminActionLog.tsx";
import { AdminErrorScreen } from "../../features/admin/AdminErrorScreen.tsx";
import { AdminNav } from "../../features/admin/AdminNav.tsx";
import { type AdminAction, adminApi, type Stats } from "../../features/admin/admin-api.ts";
import { FinishedGenerationCard } from "../../features/admin/FinishedGenerationCard.tsx";
import { GenerationTimeCharts } from "../../features/admin/GenerationTimeCharts.tsx";
import { QueuePicture } from "../../features/admin/QueuePicture.tsx";
import { useAdminError } from "../../features/admin/use-admin-error.ts";
import { useDocumentTitle } from "../../ui/use-document-title.ts";

const POLL_SECONDS = 3;
const card = "rounded-2xl bg-white ring-1 ring-slate-200";

export default function AdminQueuePage() {
  const { t } = useTranslation("admin");
  useDocumentTitle("admin:queue.title");
  const { error, fail } = useAdminError();
  const [snap, setSnap] = useState<QueueSnapshot | null>(null);
  const [stats, setStats] = useState<Stats | null>(null);
  const [log, setLog] = useState<AdminAction[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = useCallback(() => {
    adminApi.queue().then(setSnap, fail);
    adminApi
      .actions()
      .then((r) => setLog(r.actions.filter((a) => a.action.startsWith("generation."))), fail);
  }, [fail]);
  useEffect(() => {
    refresh();
    adminApi.stats(30).then(setStats, fail);
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") adminApi.queue().then(setSnap, () => {});
    }, POLL_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [refresh, fail]);

  if (error) return <AdminErrorScreen title={t("queue.title")} error={error} />;
  const waiting = snap?.queue.filter((g) => g.position !== null) ?? [];
  const running = snap?.queue.filter((g) => g.position === null) ?? [];
  const days = stats?.points.map((p) => p.day) ?? [];
  const tiles: [string, number | undefined][] = [
    [t("queue.waiting"), snap ? waiting.length : undefined],
    [t("queue.running"), snap ? running.length : undefined],
    [t("queue.workersAlive"), snap?.workers.length],
    [t("queue.failedRecent"), snap?.failed.length],
  ];
  const done = (message: string) => {
    setNotice(message);
    refresh();
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <AdminNav />
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold">{t("queue.title")}</h2>
        <p className="text-xs text-slate-500">{t("queue.live", { seconds: POLL_SECONDS })}</p>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-emerald-700">
        {notice}
      </p>

      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map(([label, value]) => (
          <div key={label} className={`${card} p-3`}>
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{value ?? "–"}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="queue-live" className="min-w-0">
          <h3 id="queue-live" className="text-lg font-semibold">
            {t("queue.queueTitle")}
          </h3>
          {snap && (
            <div className={`${card} mt-2 p-3`}>
              {snap.queue.length > 0 && (
                <QueuePicture
                  queue={snap.queue}
                  label={t("queue.picture", { running: running.length, waiting: waiting.length })}
                />
              )}
              <ol className="divide-y divide-slate-100 text-sm">
                {snap.queue.map((g) => (
                  <li key={g.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5">
                    <span className="w-16 shrink-0 font-semibold tabular-nums">
                      {g.position === null ? "▶" : t("queue.position", { position: g.position })}
                    </span>
                    <span className="rounded bg-slate-100 px-1.5 text-xs">
                      {t(`queue.status.${g.status}`, { defaultValue: g.status })}
                    </span>
                    <span className="min-w-0 flex-1 truncate">{g.email}</span>
                    <span className="text-xs text-slate-500">
                      {t("queue.images", { count: g.imageCount })} ·{" "}
                      {t("queue.waitedFor", { time: new Date(g.createdAt).toLocaleTimeString() })}
                    </span>
                  </li>
                ))}
                {snap.queue.length === 0 && (
                  <li className="py-1.5 text-slate-500">{t("queue.empty")}</li>
                )}
              </ol>
            </div>
          )}
        </section>

        <section aria-labelledby="queue-workers" className="min-w-0">
          <h3 id="queue-workers" className="text-lg font-semibold">
            {t("queue.workersTitle")}
          </h3>
          {snap && (
            <ul className={`${card} mt-2 divide-y divide-slate-100 text-sm`}>
              {snap.workers.map((w) => (
                <li key={w.id} className="flex items-start gap-2 px-3 py-2">
                  <span
                    aria-hidden="true"
                    className={`mt-1.5 size-2.5 shrink-0 rounded-full ${w.currentJob ? "bg-indigo-500" : "bg-emerald-500"}`}
                  />
                  <span className="min-w-0">
                    <span className="block break-all font-medium">
                      {t("queue.worker", { kind: w.kind, host: w.host, pid: w.pid })}
                    </span>
                    <span className="block break-all text-xs text-slate-500">
                      {w.currentJob ? t("queue.busyWith", { job: w.currentJob }) : t("queue.idle")}{" "}
                      · {t("queue.lastSeen", { seconds: w.lastSeenSecondsAgo })}
                    </span>
                  </span>
                </li>
              ))}
              {snap.workers.length === 0 && (
                <li className="px-3 py-2 text-rose-700">
                  {t("queue.noWorkers", { seconds: snap.heartbeatSeconds * 3 })}
                </li>
              )}
            </ul>
          )}
          {stats && (
            <div className="mt-4 grid gap-3 sm:grid-cols-2">
              <GenerationTimeCharts stats={stats} days={days} />
            </div>
          )}
        </section>
      </div>

      <div className="mt-8 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="queue-failed" className="min-w-0">
          <h3 id="queue-failed" className="text-lg font-semibold">
            {t("queue.failedTitle")}
          </h3>
          <ul className={`${card} mt-2 divide-y divide-slate-100`}>
            {snap?.failed.map((g) => (
              <FinishedGenerationCard key={g.id} generation={g} onDone={done} onError={fail} />
            ))}
            {snap?.failed.length === 0 && (
              <li className="px-3 py-2 text-sm text-slate-500">{t("queue.noFailures")}</li>
            )}
          </ul>
        </section>
        <section aria-labelledby="queue-done" className="min-w-0">
          <h3 id="queue-done" className="text-lg font-semibold">
            {t("queue.doneTitle")}
          </h3>
          <ul className={`${card} mt-2 divide-y divide-slate-100`}>
            {snap?.done.map((g) => (
              <FinishedGenerationCard key={g.id} generation={g} onDone={done} onError={fail} />
            ))}
            {snap?.done.length === 0 && (
              <li className="px-3 py-2 text-sm text-slate-500">{t("queue.noDone")}</li>
            )}
          </ul>
        </section>
      </div>

      <section aria-labelledby="queue-log" className="mt-8">
        <h3 id="queue-log" className="text-lg font-semibold">
          {t("queue.logTitle")}
        </h3>
        <AdminActionLog
          actions={log}
          className={`${card} mt-2 divide-y divide-slate-100 text-sm`}
        />
      </section>
    </div>
  );
}
