// The shadow of a product lying flat, as a window's light makes it: the product is a slab of
// some thickness on the table, the light a patch of sky `halfAngle` wide round its direction.
// A point of the table beside the slab, d away from its edge towards the light, sees the
// slab's top edge at atan(thickness / d) above the table, and loses the part of the light below
// that angle. Right at the edge nearly all of it (the contact shadow), then less and less, to
// none where the edge sinks under the light's lowest rays: dark where the product touches the
// table and fading outwards, never an outline moved aside. (A swept silhouette, blurred more
// the farther it went, read to three reviewers as "a uniform soft offset", "an offset blurred
// outline", "no darkening where it touches".)
//
// Computed on the shadow grid: each cell outside the silhouette looks towards the light for
// the silhouette, along a few directions across the light's width, and the losses are averaged.

/** directions sampled across the light's width */
const RAYS = 5;

export interface SlabLight {
  /** unit step on the grid towards the light (the opposite of the shadow's direction) */
  towardX: number;
  towardY: number;
  /** the light's elevation over the table, radians */
  elevation: number;
  /** half the light's angular size, radians: the penumbra's width */
  halfAngle: number;
}

/**
 * The share of the light each grid cell loses to the slab, 0..1. `sil` is the product's
 * coverage per cell (0..1); cells at least half covered are the slab.
 */
export function slabShadow(
  sil: Float32Array,
  gw: number,
  gh: number,
  thickness: number,
  light: SlabLight,
): Float32Array {
  const out = new Float32Array(gw * gh);
  const low = Math.max(0.09, light.elevation - light.halfAngle);
  const reach = Math.ceil(thickness / Math.tan(low)) + 1;
  // the cells that can lie in its shadow: the silhouette's box, swept away from the light
  let x0 = gw;
  let x1 = -1;
  let y0 = gh;
  let y1 = -1;
  for (let y = 0; y < gh; y++)
    for (let x = 0; x < gw; x++) {
      if (sil[y * gw + x]! < 0.5) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  if (x1 < 0) return out;
  const sx0 = Math.max(0, Math.floor(Math.min(x0, x0 - light.towardX * reach)) - 1);
  const sx1 = Math.min(gw - 1, Math.ceil(Math.max(x1, x1 - light.towardX * reach)) + 1);
  const sy0 = Math.max(0, Math.floor(Math.min(y0, y0 - light.towardY * reach)) - 1);
  const sy1 = Math.min(gh - 1, Math.ceil(Math.max(y1, y1 - light.towardY * reach)) + 1);
  const rays: [number, number][] = [];
  for (let r = 0; r < RAYS; r++) {
    const a = ((r / (RAYS - 1)) * 2 - 1) * light.halfAngle;
    const c = Math.cos(a);
    const s = Math.sin(a);
    rays.push([light.towardX * c - light.towardY * s, light.towardX * s + light.towardY * c]);
  }
  const span = 2 * light.halfAngle;
  for (let y = sy0; y <= sy1; y++)
    for (let x = sx0; x <= sx1; x++) {
      const i = y * gw + x;
      if (sil[i]! >= 0.5) continue;
      let lost = 0;
      for (const [ux, uy] of rays) {
        for (let d = 1; d <= reach; d++) {
          const tx = Math.round(x + ux * d);
          const ty = Math.round(y + uy * d);
          if (tx < 0 || ty < 0 || tx >= gw || ty >= gh) break;
          if (sil[ty * gw + tx]! < 0.5) continue;
          // the edge is about half a cell nearer than the first covered cell's centre
          const seen = Math.atan(thickness / Math.max(0.5, d - 0.5));
          lost += Math.min(1, Math.max(0, (seen - (light.elevation - light.halfAngle)) / span));
          break;
        }
      }
      out[i] = lost / RAYS;
    }
  // the slab's own edge cells take the shadow beside them: a cell half covered is covered on
  // the grid, and the product's soft edge showed lit table through it, a pale line between the
  // product and its shadow (written in place: a cell beside the slab is never one of these)
  for (let y = sy0; y <= sy1; y++)
    for (let x = sx0; x <= sx1; x++) {
      const i = y * gw + x;
      if (sil[i]! < 0.5) continue;
      for (let d = 1; d <= 2; d++) {
        const tx = Math.round(x - light.towardX * d);
        const ty = Math.round(y - light.towardY * d);
        if (tx < 0 || ty < 0 || tx >= gw || ty >= gh) break;
        const j = ty * gw + tx;
        if (sil[j]! >= 0.5) continue;
        out[i] = out[j]!;
        break;
      }
    }
  return out;
}
