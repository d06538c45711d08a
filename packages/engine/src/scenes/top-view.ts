// A product photographed from above (Cutout.seenFromAbove) can only be shown from above: the
// planner gives it flat lays (decision 1310), framed differently in each shot.
import type { PlanRequest } from "../types.ts";
import type { CameraView } from "./brief-words.ts";
import type { ProductScale } from "./product-scale.ts";

/** the four flat lays of a product photographed from above differ in where it lies in the
 * frame (centred, up left, closer, down right), as a photographer moves it between frames */
export const TOP_VIEW_FRAMES = [
  { x: 0, y: 0, closer: 0 },
  { x: -0.1, y: -0.05, closer: 0 },
  { x: 0, y: 0, closer: 0.14 },
  { x: 0.1, y: 0.05, closer: 0 },
];

/** the product's photo shows it as seen from above: a top view, or a garment the seller named
 * (its flat front view) */
export function seenFlat(req: PlanRequest, scale: ProductScale): boolean {
  return !!req.product.seenFromAbove || !!scale.lies;
}

/** the cut-out is seen flat and the product stands on a table: it can only lie in a flat lay */
export function topViewOf(req: PlanRequest, scale: ProductScale): boolean {
  return seenFlat(req, scale) && scale.stands === "table";
}

/**
 * The camera a product photographed from the side is shot with when the brief asks for a top
 * view: from high up, the most of "from above" its photo can give (stood in a top view of the
 * table, a lamp photographed on a desk is a sticker on it).
 */
export function sideViewCamera(req: PlanRequest, camera?: CameraView): CameraView | undefined {
  return camera === "top-down" && req.product.seenFromSide ? "high" : camera;
}

/** the camera the prompt named that the product's photo cannot give: anything but from above
 * for a top view, a top view for a side view */
export function cameraNotServed(req: PlanRequest, scale: ProductScale, camera?: CameraView) {
  if (topViewOf(req, scale))
    return camera && camera !== "top-down" && camera !== "high" && camera !== "close-up"
      ? camera
      : undefined;
  return sideViewCamera(req, camera) !== camera ? camera : undefined;
}
