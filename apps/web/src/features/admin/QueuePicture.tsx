// The queue as a picture: one square per generation, the running ones (filled) next to the
// workers that run them, then the waiting ones in the order they will run (outlined, with
// their position). Past 40 squares the rest is a count, so the picture stays one line.
import type { QueuedGeneration } from "@studio/contracts";

const SHOWN = 40;

export function QueuePicture({ queue, label }: { queue: QueuedGeneration[]; label: string }) {
  const shown = queue.slice(0, SHOWN);
  const more = queue.length - shown.length;
  const size = 18;
  const gap = 4;
  const width = Math.max(1, shown.length) * (size + gap) + (more > 0 ? 40 : 0);
  return (
    <svg
      viewBox={`0 0 ${width} ${size + 14}`}
      className="h-10 max-w-full"
      role="img"
      aria-label={label}
    >
      <title>{label}</title>
      {shown.map((g, i) => {
        const running = g.position === null;
        return (
          <g key={g.id} transform={`translate(${i * (size + gap)} 0)`}>
            <rect
              x="1"
              y="1"
              width={size - 2}
              height={size - 2}
              rx="4"
              fill={running ? "#6366f1" : "#fff"}
              stroke={running ? "#4f46e5" : "#94a3b8"}
              strokeWidth="1.5"
            />
            {!running && (
              <text x={size / 2} y={size + 11} fontSize="9" textAnchor="middle" fill="#475569">
                {g.position}
              </text>
            )}
          </g>
        );
      })}
      {more > 0 && (
        <text x={shown.length * (size + gap) + 4} y={size - 4} fontSize="11" fill="#475569">
          +{more}
        </text>
      )}
    </svg>
  );
}
