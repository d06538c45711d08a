// A pinhole camera with lens shift: verticals stay vertical and the product's base lands
// exactly where the plan asks, whatever the frame's aspect.
import type { SetPlan } from "./set-plan.types.ts";

export interface Camera {
  ox: number;
  oy: number;
  oz: number;
  /** forward scaled by focal length (pixels), right and up unit vectors */
  fx: number;
  fy: number;
  fz: number;
  uy: number;
  uz: number;
  /** principal point in pixels (lens shift) */
  cx: number;
  cy: number;
  focal: number;
  width: number;
  height: number;
}

/** world point → pixel; returns [x, y, depth] */
export function project(cam: Camera, x: number, y: number, z: number): [number, number, number] {
  const px = x - cam.ox;
  const py = y - cam.oy;
  const pz = z - cam.oz;
  const f = cam.focal;
  const depth = (px * 0 + py * cam.fy + pz * cam.fz) / f;
  const sx = px; // right = (1, 0, 0)
  const sy = py * cam.uy + pz * cam.uz;
  return [cam.cx + (f * sx) / depth, cam.cy - (f * sy) / depth, depth];
}

/** the most of the frame's width a product's box takes unless its plan says otherwise */
export const WIDTH_SHARE = 0.7;

/** Places the camera so the product's box fills the frame as the plan asks. */
export function makeCamera(plan: SetPlan, width: number, height: number): Camera {
  const { pitchDeg, fovDeg, fill, baseX, baseY } = plan.camera;
  const { width: pw, height: ph, depth: pd } = plan.productSize;
  const p = (pitchDeg * Math.PI) / 180;
  const focal = height / 2 / Math.tan((fovDeg * Math.PI) / 360);
  const fwd = [0, -Math.sin(p), Math.cos(p)] as const;
  // distance so the product's height is `fill` of the frame, and its width at most its share
  const dh = (focal * ph) / (fill * height);
  const share = plan.camera.widthShare ?? WIDTH_SHARE;
  const dw = (focal * pw) / (share * width * Math.min(baseX, 1 - baseX) * 2);
  const dist = Math.max(dh, dw) + (plan.lying ? 0 : pd / 2);
  const ty = plan.lying ? plan.stageTop : plan.stageTop + ph / 2;
  const cam: Camera = {
    ox: 0,
    oy: ty - fwd[1] * dist,
    oz: -fwd[2] * dist,
    fx: 0,
    fy: fwd[1] * focal,
    fz: fwd[2] * focal,
    uy: Math.cos(p),
    uz: Math.sin(p),
    cx: 0,
    cy: 0,
    focal,
    width,
    height,
  };
  const [bx, by] = project(cam, ...basePoint(plan));
  cam.cx = baseX * width - bx;
  cam.cy = baseY * height - by;
  return cam;
}

/**
 * Where the bottom edge of the product's photo meets the set: the front of its footprint when
 * it stands, the near edge of the photo when it lies flat (seen from above).
 */
export function basePoint(plan: SetPlan): [number, number, number] {
  const { height: ph, depth: pd } = plan.productSize;
  return plan.lying ? [0, plan.stageTop, -ph / 2] : [0, plan.stageTop, -pd * 0.3];
}

/** the top edge of the product's photo in the set */
export function topPoint(plan: SetPlan): [number, number, number] {
  const { height: ph, depth: pd } = plan.productSize;
  return plan.lying ? [0, plan.stageTop, ph / 2] : [0, plan.stageTop + ph, -pd * 0.3];
}
