// The live status while waiting: the spec's texts, the estimate counting down, a progress bar.
import { useTranslation } from "react-i18next";
import type { LiveGeneration } from "../hooks/use-live-generation.ts";
import { useNow } from "../hooks/use-now.ts";
import {
  etaText,
  finished,
  progressOf,
  remainingSeconds,
  statusText,
} from "../model/generation-status.ts";
import { ProgressBar } from "./ProgressBar.tsx";

export function LiveStatus({ live, express }: { live: LiveGeneration; express: boolean }) {
  const { t } = useTranslation("product-app");
  const running = !finished(live.status);
  const now = useNow(running);
  if (!running) return null;
  const remaining =
    live.etaSeconds === undefined
      ? undefined
      : remainingSeconds(live.etaSeconds, live.receivedAt, now);
  const elapsed = Math.max(0, (now - live.startedAt) / 1000);
  return (
    <div
      className="rounded-2xl bg-white p-4 ring-1 ring-indigo-100 shadow-sm"
      data-testid="live-status"
      data-status={live.status}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-slate-900" data-testid="status-text">
          {statusText(t, live.status, live.position)}
        </p>
        <p className="text-sm text-slate-600 tabular-nums" data-testid="status-eta">
          {etaText(t, remaining)}
        </p>
      </div>
      <div className="mt-3">
        <ProgressBar
          value={progressOf(live.status, elapsed, remaining, live.painted)}
          label={t("status.progress")}
        />
      </div>
      {express && live.status === "waitlisted" && (
        <p className="mt-2 text-xs text-indigo-700">{t("status.express")}</p>
      )}
    </div>
  );
}
