// The daily median and 95th percentile of generation time, as two bar charts (placed in the
// caller's grid).
import { useTranslation } from "react-i18next";
import type { Stats } from "./admin-api.ts";
import { DailyBars } from "./SvgCharts.tsx";

const seconds = (v: number) => `${v.toFixed(1)} s`;

/** the two charts: their title key, the daily figure they draw, their colour */
const Percentiles = [
  { key: "p50", value: (p: Stats["points"][number]) => p.p50Seconds, color: "#64748b" },
  { key: "p95", value: (p: Stats["points"][number]) => p.p95Seconds, color: "#334155" },
] as const;

export function GenerationTimeCharts({ stats, days }: { stats: Stats; days: string[] }) {
  const { t } = useTranslation("admin");
  return Percentiles.map(({ key, value, color }) => (
    <DailyBars
      key={key}
      title={t(`charts.${key}`)}
      days={days}
      values={stats.points.map(value)}
      format={seconds}
      color={color}
    />
  ));
}
