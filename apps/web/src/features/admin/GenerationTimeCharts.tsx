// The daily median and 95th percentile of generation time, as two bar charts (placed in the
// caller's grid).
import { useTranslation } from "react-i18next";
import type { Stats } from "./admin-api.ts";
import { DailyBars } from "./SvgCharts.tsx";

const seconds = (v: number) => `${v.toFixed(1)} s`;

export function GenerationTimeCharts({ stats, days }: { stats: Stats; days: string[] }) {
  const { t } = useTranslation("admin");
  return (
    <>
      <DailyBars
        title={t("charts.p50")}
        days={days}
        values={stats.points.map((p) => p.p50Seconds)}
        format={seconds}
        color="#64748b"
      />
      <DailyBars
        title={t("charts.p95")}
        days={days}
        values={stats.points.map((p) => p.p95Seconds)}
        format={seconds}
        color="#334155"
      />
    </>
  );
}
