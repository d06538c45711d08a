// The cut-out editor's icons; decorative (aria-hidden), like the shell's.
import { type IconProps as P, Svg } from "../../../ui/icons.tsx";

export const UndoIcon = (p: P) => (
  <Svg {...p}>
    <path d="M9 14L4 9l5-5M4 9h10a6 6 0 010 12h-3" />
  </Svg>
);
export const RedoIcon = (p: P) => (
  <Svg {...p}>
    <path d="M15 14l5-5-5-5M20 9H10a6 6 0 000 12h3" />
  </Svg>
);
export const BrushIcon = (p: P) => (
  <Svg {...p}>
    <path d="M18 3l3 3-9 9-3-3 9-9zM9 12c-3 0-5 2-5 5 0 1.5-1 2.5-2 3 4 1 9 0 10-5" />
  </Svg>
);
