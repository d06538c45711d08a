// Plates cut from the pack's panoramas. The pack has no forest at eye level, but it has forests
// seen all round: 1024×512 HDRs, about 230 px across a lens's 80°. Too coarse to be shown
// sharp; behind a product on the moss, through a wide aperture, they are the forest's
// out-of-focus light a photographer would want there. Which yaws make a good background is a
// hand note (`views`, checked on a sheet); each one is a plate like any other.

import type { PackEntry } from "./pack.types.ts";
import { readHdr } from "./read-hdr.ts";

/** the view's field of view, degrees, across and down (a square view) */
const FOV_DEG = 80;
/** a view's side, pixels: 2.2× the panorama's own pixels over it, enough under the blur */
export const VIEW_SIDE = 512;
/** the least aperture a view is shown with (PlateNotes.defocus): sharper, its pixels show */
const VIEW_DEFOCUS = 1.3;

/** the plates a panorama's `views` note cuts from it (none without the note) */
export function viewPlates(pano: PackEntry): PackEntry[] {
  const notes = pano.panorama;
  if (!notes?.views) return [];
  return notes.views.map((yaw) => ({
    ...pano,
    id: `${pano.id}@${yaw}`,
    kind: "plate",
    width: VIEW_SIDE,
    height: VIEW_SIDE,
    view: { of: pano.id, yawDeg: yaw },
    panorama: undefined,
    plate: {
      // looking level: the horizon is the view's middle row
      horizon: 0.5,
      ground: notes.ground === "mixed" ? "none" : notes.ground,
      indoor: notes.indoor,
      avoid: [],
      lightAzimuth: azimuthSeen(notes.lightYaw - yaw),
      kelvin: notes.kelvin,
      defocus: VIEW_DEFOCUS,
    },
  }));
}

/**
 * A light `delta` degrees of yaw from where the camera looks, as a plate's lightAzimuth: 0 from
 * behind the camera, ±90 from the side; a light in the view itself (backlight) is taken as
 * coming from its side.
 */
function azimuthSeen(delta: number): number {
  const d = ((((delta + 180) % 360) + 360) % 360) - 180;
  const fromCamera = Math.sign(d) * (180 - Math.abs(d));
  return Math.round(Math.max(-90, Math.min(90, fromCamera)));
}

/**
 * The view at `yawDeg` of an equirectangular HDR, level, as sRGB bytes VIEW_SIDE a side: a
 * pinhole's rays looked up bilinearly in the panorama, exposed so the view's median luminance
 * is a mid grey, bright skies rolled off rather than clipped.
 */
export function panoramaView(hdrBytes: Uint8Array, yawDeg: number): Uint8Array {
  const hdr = readHdr(hdrBytes);
  const { width: W, height: H, rgb: src } = hdr;
  const n = VIEW_SIDE;
  const f = n / 2 / Math.tan((FOV_DEG * Math.PI) / 360);
  const yaw0 = (yawDeg * Math.PI) / 180;
  const lin = new Float32Array(n * n * 3);
  const lum = new Float32Array(n * n);
  for (let y = 0; y < n; y++) {
    const dy = (y + 0.5 - n / 2) / f;
    for (let x = 0; x < n; x++) {
      const dx = (x + 0.5 - n / 2) / f;
      const u = ((yaw0 + Math.atan2(dx, 1)) / (2 * Math.PI) + 0.5) * W;
      const v = (0.5 + Math.atan2(dy, Math.hypot(dx, 1)) / Math.PI) * H - 0.5;
      const x0 = Math.floor(u - 0.5);
      const y0 = Math.max(0, Math.min(H - 2, Math.floor(v)));
      const wx = u - 0.5 - x0;
      const wy = Math.max(0, Math.min(1, v - y0));
      const xa = ((x0 % W) + W) % W;
      const xb = (xa + 1) % W;
      const o = (y * n + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = src[(y0 * W + xa) * 3 + c]! * (1 - wx) + src[(y0 * W + xb) * 3 + c]! * wx;
        const bot =
          src[((y0 + 1) * W + xa) * 3 + c]! * (1 - wx) + src[((y0 + 1) * W + xb) * 3 + c]! * wx;
        lin[o + c] = top * (1 - wy) + bot * wy;
      }
      lum[y * n + x] = 0.2126 * lin[o]! + 0.7152 * lin[o + 1]! + 0.0722 * lin[o + 2]!;
    }
  }
  const median = Float32Array.from(lum).sort()[lum.length >> 1]! || 1;
  const exposure = 0.18 / median;
  const out = new Uint8Array(n * n * 3);
  for (let i = 0; i < lin.length; i++) {
    const e = lin[i]! * exposure;
    const v = e / (1 + e / 4);
    const s = v <= 0.0031308 ? 12.92 * v : 1.055 * Math.min(1, v) ** (1 / 2.4) - 0.055;
    out[i] = Math.round(255 * Math.max(0, Math.min(1, s)));
  }
  return out;
}
