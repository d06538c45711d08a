// The camera moves a video can make over one rendered set. Each is a pure function of time
// (0..1) to a camera pose; the frame rasteriser turns a pose into pixels. Amplitudes stay
// inside what one photo allows: the set is rendered with an overscan margin, and no pose
// asks for more of it than exists.

export const VIDEO_MOVES = [
  "orbit",
  "push-in",
  "pull-back",
  "pan",
  "light-sweep",
  "turntable",
] as const;
export type VideoMove = (typeof VIDEO_MOVES)[number];

export interface CameraPose {
  /** zoom of the product plane (1 = the set at its rendered scale) */
  zoom: number;
  /** camera translation in plate pixels, applied fully to the product plane */
  panX: number;
  /** orbit: the product stays put, far layers slide by this many plate pixels, near ones back */
  orbitX: number;
  /** light sweep: position of the light band across the frame, 0..1, or null */
  sweep: number | null;
  /** turntable: which view of the product is shown */
  view: { index: number };
}

/** Ease in and out so moves start and end at rest (smoothstep). */
function ease(t: number): number {
  const c = Math.min(1, Math.max(0, t));
  return c * c * (3 - 2 * c);
}

/**
 * @param t time 0..1 over the clip
 * @param margin the overscan margin in plate pixels on each side of the frame (horizontal)
 * @param views how many product views (turntable only)
 */
export function poseAt(move: VideoMove, t: number, margin: number, views = 1): CameraPose {
  const pose: CameraPose = {
    zoom: 1,
    panX: 0,
    orbitX: 0,
    sweep: null,
    view: { index: 0 },
  };
  const e = ease(t);
  switch (move) {
    case "push-in":
      pose.zoom = 1 + 0.18 * e;
      break;
    case "pull-back":
      pose.zoom = 1.18 - 0.18 * e;
      break;
    case "pan":
      // across 70 % of the margin, so the far layers (which move less) never run out either
      pose.panX = margin * 0.7 * (e * 2 - 1);
      pose.zoom = 1.04;
      break;
    case "orbit":
      // half a sine: out to one side and back through the middle reads as an arc round the product
      pose.orbitX = margin * 0.8 * Math.sin((e * 2 - 1) * (Math.PI / 2));
      pose.zoom = 1.03 + 0.03 * e;
      break;
    case "light-sweep":
      pose.zoom = 1 + 0.05 * e;
      pose.sweep = -0.25 + 1.5 * t;
      break;
    case "turntable": {
      // the camera circles steadily (far wall one way, front edge the other) and cuts to the
      // next view of the product at equal intervals: each view stays on its spot, its pixels
      // its own (no morph or cross-fade repaints them)
      pose.orbitX = margin * 0.8 * (2 * t - 1);
      pose.zoom = 1.04;
      const n = Math.max(1, views);
      pose.view = { index: Math.min(n - 1, Math.floor(t * n)) };
      break;
    }
  }
  return pose;
}
