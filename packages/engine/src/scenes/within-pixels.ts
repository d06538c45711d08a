// How much of the frame a product may fill when its photo is small (plan-scenes.ts asks).
import type { PlanRequest } from "../types.ts";

/** how far a product's photo may be enlarged before its pixels show */
const MAX_UPSCALE = 1.5;
/** the least of the frame's height a product keeps, however small its photo */
const LEAST_FILL = 0.3;

/**
 * A small photo is framed smaller rather than blown up: a 280-px teddy filling half of a
 * 1024-px frame came out soft and coarse-grained at 1.8×, and the set's grain was raised to
 * match it (a photographer with a small subject steps back, he does not zoom the print).
 * Capping the height's share caps the width's too: the camera stands off for whichever
 * limit is further (render/camera.ts).
 */
export function withinPixels(fill: number, req: PlanRequest): number {
  const px = req.product.pixels;
  // a wide product is held to 70 % of the frame's width (render/camera.ts): when that alone
  // keeps it within its pixels, its height's share changes nothing
  if (!px || (0.7 * req.width) / px.width <= MAX_UPSCALE) return fill;
  return Math.min(fill, Math.max(LEAST_FILL, (MAX_UPSCALE * px.height) / req.height));
}
