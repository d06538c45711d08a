// Placeholder art drawn in SVG: a product on a surface with light and shadow, standing in for
// generated photos on the marketing pages (nothing is downloaded).
import { useId } from "react";

export type ProductShape = "bottle" | "sneaker" | "mug" | "jar" | "bag" | "shirt" | "can";
export type Surface = "podium" | "marble" | "wood" | "sand" | "linen" | "plain";

export interface SceneProps {
  product: ProductShape;
  surface?: Surface;
  /** background gradient, top to bottom */
  sky?: [string, string];
  /** product body colour */
  tint?: string;
  className?: string;
  /** the 'before' picture: flat grey, no scene */
  raw?: boolean;
  /** cover: fill a non-square box (cropping), as object-fit: cover would */
  fit?: "contain" | "cover";
}

function Product({ shape, tint, id }: { shape: ProductShape; tint: string; id: string }) {
  const shade = `url(#${id}-shade)`;
  switch (shape) {
    case "bottle":
      return (
        <g>
          <rect x="178" y="92" width="44" height="30" rx="6" fill="#1f2937" />
          <rect x="188" y="80" width="24" height="16" rx="4" fill="#111827" />
          <rect x="148" y="118" width="104" height="150" rx="26" fill={tint} />
          <rect x="148" y="118" width="104" height="150" rx="26" fill={shade} />
          <rect x="170" y="170" width="60" height="46" rx="6" fill="#fff" opacity=".85" />
          <rect x="180" y="184" width="40" height="5" rx="2" fill="#111827" opacity=".6" />
          <rect x="186" y="196" width="28" height="4" rx="2" fill="#111827" opacity=".35" />
          <rect x="160" y="128" width="12" height="120" rx="6" fill="#fff" opacity=".35" />
        </g>
      );
    case "jar":
      return (
        <g>
          <rect x="140" y="150" width="120" height="22" rx="8" fill="#e5e7eb" />
          <rect x="136" y="168" width="128" height="100" rx="22" fill={tint} />
          <rect x="136" y="168" width="128" height="100" rx="22" fill={shade} />
          <rect x="160" y="198" width="80" height="36" rx="6" fill="#fff" opacity=".8" />
          <rect x="174" y="210" width="52" height="5" rx="2" fill="#111827" opacity=".55" />
        </g>
      );
    case "mug":
      return (
        <g>
          <path d="M246 170h18a26 26 0 010 52h-18" fill="none" stroke={tint} strokeWidth="14" />
          <rect x="140" y="150" width="112" height="118" rx="14" fill={tint} />
          <rect x="140" y="150" width="112" height="118" rx="14" fill={shade} />
          <ellipse cx="196" cy="152" rx="56" ry="8" fill="#000" opacity=".15" />
          <path
            d="M180 120c-8 10 8 14 0 24M204 112c-8 10 8 14 0 24"
            stroke="#fff"
            strokeWidth="4"
            fill="none"
            opacity=".7"
            strokeLinecap="round"
          />
        </g>
      );
    case "can":
      return (
        <g>
          <rect x="160" y="120" width="80" height="148" rx="12" fill={tint} />
          <rect x="160" y="120" width="80" height="148" rx="12" fill={shade} />
          <rect x="160" y="120" width="80" height="12" rx="6" fill="#d1d5db" />
          <circle cx="200" cy="190" r="22" fill="#fff" opacity=".85" />
          <circle cx="200" cy="190" r="10" fill={tint} />
        </g>
      );
    case "sneaker":
      return (
        <g>
          <path
            d="M104 238c0-30 20-58 46-62l40 18c24 10 56 12 92 20 20 4 30 14 30 26v8H104z"
            fill={tint}
          />
          <path
            d="M104 238c0-30 20-58 46-62l40 18c24 10 56 12 92 20 20 4 30 14 30 26v8H104z"
            fill={shade}
          />
          <rect x="100" y="244" width="216" height="18" rx="9" fill="#f8fafc" />
          <path
            d="M160 196l10 10M174 200l10 10M188 204l10 10"
            stroke="#fff"
            strokeWidth="4"
            strokeLinecap="round"
          />
        </g>
      );
    case "bag":
      return (
        <g>
          <path d="M168 150a32 32 0 0164 0" fill="none" stroke="#78350f" strokeWidth="9" />
          <path d="M132 150h136l-10 118H142z" fill={tint} />
          <path d="M132 150h136l-10 118H142z" fill={shade} />
          <rect x="186" y="180" width="28" height="18" rx="4" fill="#fde68a" />
        </g>
      );
    case "shirt":
      return (
        <g>
          <path d="M160 110l40 14 40-14 48 28-18 36-22-10v114H152V164l-22 10-18-36z" fill={tint} />
          <path d="M160 110l40 14 40-14 48 28-18 36-22-10v114H152V164l-22 10-18-36z" fill={shade} />
          <path
            d="M182 116a18 14 0 0036 0"
            fill="none"
            stroke="#000"
            strokeOpacity=".15"
            strokeWidth="4"
          />
        </g>
      );
  }
}

function SurfaceArt({ surface, id }: { surface: Surface; id: string }) {
  switch (surface) {
    case "podium":
      return (
        <g>
          <ellipse cx="200" cy="292" rx="130" ry="26" fill="#fff" opacity=".9" />
          <rect x="70" y="292" width="260" height="60" fill={`url(#${id}-podium)`} />
          <ellipse cx="200" cy="352" rx="130" ry="26" fill="#000" opacity=".06" />
        </g>
      );
    case "marble":
      return (
        <g>
          <rect x="0" y="270" width="400" height="130" fill="#f5f5f4" />
          <path
            d="M0 300c60-10 90 20 150 6s110-26 170-4 60 10 80 0M20 360c80-20 120 10 200-6s120 6 180-8"
            stroke="#a8a29e"
            strokeOpacity=".5"
            fill="none"
            strokeWidth="2"
          />
        </g>
      );
    case "wood":
      return (
        <g>
          <rect x="0" y="270" width="400" height="130" fill="#b45309" />
          <path
            d="M0 290h400M0 320h400M0 352h400M0 380h400"
            stroke="#78350f"
            strokeOpacity=".35"
            strokeWidth="3"
          />
        </g>
      );
    case "sand":
      return <path d="M0 282c80-16 160 8 240-4s120-8 160 0v122H0z" fill="#fde68a" />;
    case "linen":
      return (
        <g>
          <rect x="0" y="270" width="400" height="130" fill="#e7e5e4" />
          <path
            d="M0 290l400-10M0 330l400-14M0 370l400-8"
            stroke="#fff"
            strokeOpacity=".6"
            strokeWidth="6"
          />
        </g>
      );
    case "plain":
      return <rect x="0" y="270" width="400" height="130" fill="#e5e7eb" />;
  }
}

export function ProductScene({
  product,
  surface = "podium",
  sky = ["#e0e7ff", "#fce7f3"],
  tint = "#6366f1",
  className = "",
  raw = false,
  fit = "contain",
}: SceneProps) {
  const id = useId().replace(/:/g, "");
  const [top, bottom] = raw ? ["#d1d5db", "#e5e7eb"] : sky;
  return (
    <svg
      viewBox="0 0 400 400"
      preserveAspectRatio={fit === "cover" ? "xMidYMid slice" : "xMidYMid meet"}
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
        <linearGradient id={`${id}-shade`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#fff" stopOpacity=".18" />
          <stop offset=".55" stopColor="#000" stopOpacity="0" />
          <stop offset="1" stopColor="#000" stopOpacity=".28" />
        </linearGradient>
        <linearGradient id={`${id}-podium`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#f1f5f9" />
          <stop offset="1" stopColor="#cbd5e1" />
        </linearGradient>
        <radialGradient id={`${id}-light`} cx=".3" cy=".2" r=".7">
          <stop offset="0" stopColor="#fff" stopOpacity=".75" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
        <filter id={`${id}-blur`} x="-50%" y="-50%" width="200%" height="200%">
          <feGaussianBlur stdDeviation="8" />
        </filter>
      </defs>
      <rect width="400" height="400" fill={`url(#${id}-sky)`} />
      {!raw && <rect width="400" height="400" fill={`url(#${id}-light)`} />}
      {!raw && (
        <>
          <circle cx="320" cy="90" r="46" fill="#fff" opacity=".35" />
          <rect x="40" y="60" width="70" height="170" rx="35" fill="#fff" opacity=".25" />
        </>
      )}
      <SurfaceArt surface={raw ? "plain" : surface} id={id} />
      <ellipse
        cx="214"
        cy="272"
        rx="96"
        ry="12"
        fill="#000"
        opacity=".22"
        filter={`url(#${id}-blur)`}
      />
      <Product shape={product} tint={tint} id={id} />
    </svg>
  );
}
