// Small hand-drawn SVG charts (no chart library): a funnel of horizontal bars and a daily
// bar chart. They scale to their container's width (viewBox) and carry a text title.
export function FunnelChart({
  steps,
  label,
  title,
}: {
  steps: { step: string; count: number }[];
  label: (step: string) => string;
  title: string;
}) {
  const max = Math.max(1, ...steps.map((s) => s.count));
  const rowH = 34;
  return (
    <svg
      viewBox={`0 0 320 ${steps.length * rowH}`}
      className="w-full"
      role="img"
      aria-label={title}
    >
      <title>{title}</title>
      {steps.map((s, i) => {
        const w = Math.max(2, (s.count / max) * 200);
        const prev = i > 0 ? steps[i - 1]?.count : undefined;
        const rate = prev ? `${Math.round((s.count / prev) * 100)}%` : "";
        return (
          <g key={s.step} transform={`translate(0 ${i * rowH})`}>
            <text x="0" y="20" fontSize="11" fill="#475569">
              {label(s.step)}
            </text>
            <rect
              x="110"
              y="6"
              width={w}
              height="20"
              rx="4"
              fill="#6366f1"
              opacity={1 - i * 0.12}
            />
            <text x={114 + w} y="20" fontSize="11" fill="#0f172a">
              {s.count} {rate && <tspan fill="#64748b">({rate})</tspan>}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function DailyBars({
  title,
  days,
  values,
  format = (v: number) => String(v),
  color = "#0ea5e9",
}: {
  title: string;
  days: string[];
  values: (number | null)[];
  format?: (v: number) => string;
  color?: string;
}) {
  const max = Math.max(1, ...values.map((v) => v ?? 0));
  const w = 300;
  const h = 90;
  const bw = w / Math.max(1, values.length);
  const last = values.at(-1);
  return (
    <figure className="rounded-2xl bg-white p-3 ring-1 ring-slate-200">
      <figcaption className="flex justify-between text-xs text-slate-600">
        <span>{title}</span>
        <span className="font-semibold text-slate-900">{last == null ? "–" : format(last)}</span>
      </figcaption>
      <svg viewBox={`0 0 ${w} ${h + 14}`} className="mt-1 w-full" role="img" aria-label={title}>
        <title>{title}</title>
        {values.map((v, i) => {
          const bh = v == null ? 0 : Math.max(v > 0 ? 2 : 0, (v / max) * h);
          return (
            <rect
              key={days[i]}
              x={i * bw + 1}
              y={h - bh}
              width={Math.max(1, bw - 2)}
              height={bh}
              fill={color}
            >
              <title>{`${days[i]}: ${v == null ? "–" : format(v)}`}</title>
            </rect>
          );
        })}
        <line x1="0" x2={w} y1={h} y2={h} stroke="#cbd5e1" />
        <text x="0" y={h + 12} fontSize="9" fill="#64748b">
          {days[0]}
        </text>
        <text x={w} y={h + 12} fontSize="9" fill="#64748b" textAnchor="end">
          {days.at(-1)}
        </text>
      </svg>
    </figure>
  );
}
