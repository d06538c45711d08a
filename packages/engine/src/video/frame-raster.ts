// One video frame from the plate and a camera pose, with raw buffers only (no sharp in the
// loop except to resize the product when the zoom changes its size). Three passes:
//  1. the bare set, resampled row by row with a depth-dependent parallax factor (far wall
//     moves and zooms less than the floor in front of the product);
//  2. the product's shadow/reflection gain, moved exactly with the product plane;
//  3. the product layer pasted at whole pixels: its opaque pixels are productLayer()'s bytes,
//     i.e. the photo pipeline's own (at zoom 1 the very same placement as the photos).
import { type Placement, productLayer } from "../composite/place.ts";
import type { CameraPose } from "./camera-moves.ts";
import type { VideoPlate, ViewLayer } from "./video-plate.ts";

/** Parallax factors: the wall behind moves at FAR, the floor at the front edge at NEAR. */
const FAR = 0.5;
const NEAR = 1.35;

export interface FrameRaster {
  width: number;
  height: number;
  /** writes the frame for a pose into out (width × height × 3) */
  draw(pose: CameraPose, out: Buffer): Promise<void>;
}

export function frameRaster(plate: VideoPlate, width: number, height: number): FrameRaster {
  const first = plate.views[0]!.placement;
  const px = first.x + first.width / 2;
  const py = first.y + first.height / 2;
  const top = first.y;
  const base = first.y + first.height;
  const ox = (plate.width - width) / 2;
  const oy = (plate.height - height) / 2;
  const layers = new Map<number, { w: number; h: number; rgba: Buffer }>();
  const light = plate.scene.light.color;

  function depth(y: number): number {
    if (y <= top) return FAR;
    if (y <= base) return FAR + ((1 - FAR) * (y - top)) / Math.max(1, base - top);
    return 1 + ((NEAR - 1) * (y - base)) / Math.max(1, plate.height - base);
  }

  function drawSet(pose: CameraPose, out: Buffer): void {
    const { width: pw, height: ph, rgb } = plate;
    const maxX = pw - 1.001;
    const maxY = ph - 1.001;
    for (let v = 0; v < height; v++) {
      const f = depth(py + (v + oy - py) / pose.zoom);
      const zf = 1 + (pose.zoom - 1) * f;
      const shift = pose.panX * f + pose.orbitX * (1 - f);
      const sy = Math.min(maxY, Math.max(0, py + (v + oy - py) / zf));
      const y0 = sy | 0;
      const wy = sy - y0;
      const r0 = y0 * pw * 3;
      const r1 = r0 + pw * 3;
      const b = 1 / zf;
      const a = px + (ox - px) * b + shift;
      let o = v * width * 3;
      for (let u = 0; u < width; u++) {
        let sx = a + u * b;
        sx = sx < 0 ? 0 : Math.min(sx, maxX);
        const x0 = sx | 0;
        const wx = sx - x0;
        const i00 = r0 + x0 * 3;
        const i10 = r1 + x0 * 3;
        for (let c = 0; c < 3; c++) {
          const top0 = rgb[i00 + c]! + (rgb[i00 + 3 + c]! - rgb[i00 + c]!) * wx;
          const bot0 = rgb[i10 + c]! + (rgb[i10 + 3 + c]! - rgb[i10 + c]!) * wx;
          out[o++] = top0 + (bot0 - top0) * wy + 0.5;
        }
      }
    }
  }

  /** A diagonal band of the scene's own light colour crossing the set (the product is not lit). */
  function drawSweep(at: number, out: Buffer): void {
    const span = width + 0.4 * height;
    const gain = [light[0] / 255, light[1] / 255, light[2] / 255].map((k) => 0.1 + 0.2 * k);
    for (let v = 0; v < height; v++) {
      let o = v * width * 3;
      for (let u = 0; u < width; u++) {
        const d = (u + 0.4 * v) / span - at;
        const g = Math.exp(-(d * d) / 0.012);
        if (g < 0.004) {
          o += 3;
          continue;
        }
        for (let c = 0; c < 3; c++) {
          const val = out[o]! * (1 + gain[c]! * g) + 255 * gain[c]! * g * 0.1;
          out[o++] = Math.min(val, 255);
        }
      }
    }
  }

  /** Plate (X, Y) on the product plane → frame (u, v) for a pose, the view shifted by dx. */
  const toFrame = (pose: CameraPose, X: number, Y: number, dx: number): [number, number] => [
    (X - pose.panX - dx - px) * pose.zoom + px - ox,
    (Y - py) * pose.zoom + py - oy,
  ];

  function drawGain(pose: CameraPose, view: ViewLayer, dx: number, out: Buffer): void {
    const { box, gain } = view;
    if (box.w === 0) return;
    const [u0, v0] = toFrame(pose, box.x, box.y, dx);
    const [u1, v1] = toFrame(pose, box.x + box.w, box.y + box.h, dx);
    const ua = Math.max(0, Math.floor(u0));
    const ub = Math.min(width, Math.ceil(u1));
    const va = Math.max(0, Math.floor(v0));
    const vb = Math.min(height, Math.ceil(v1));
    const inv = 1 / pose.zoom;
    for (let v = va; v < vb; v++) {
      const gy = Math.min(box.h - 1.001, Math.max(0, (v + 0.5 - v0) * inv - 0.5));
      const y0 = gy | 0;
      const wy = gy - y0;
      for (let u = ua; u < ub; u++) {
        const gx = Math.min(box.w - 1.001, Math.max(0, (u + 0.5 - u0) * inv - 0.5));
        const x0 = gx | 0;
        const wx = gx - x0;
        const i00 = (y0 * box.w + x0) * 3;
        const i10 = i00 + box.w * 3;
        const o = (v * width + u) * 3;
        for (let c = 0; c < 3; c++) {
          const t = gain[i00 + c]! + (gain[i00 + 3 + c]! - gain[i00 + c]!) * wx;
          const bt = gain[i10 + c]! + (gain[i10 + 3 + c]! - gain[i10 + c]!) * wx;
          const g = t + (bt - t) * wy;
          if (g === 4096) continue;
          const val = (out[o + c]! * g) / 4096 + 0.5;
          out[o + c] = Math.min(val, 255);
        }
      }
    }
  }

  async function layerFor(index: number, view: ViewLayer, zoom: number) {
    const p = view.placement;
    const w = Math.max(1, Math.round(p.width * zoom));
    const h = Math.max(1, Math.round(p.height * zoom));
    const cached = layers.get(index);
    if (cached && cached.w === w && cached.h === h) return cached;
    // at the plate's own size this is exactly the photos' placement (and so their bytes)
    const at: Placement =
      w === p.width && h === p.height
        ? p
        : { ...p, width: w, height: h, scale: (p.scale * w) / p.width };
    const entry = { w, h, rgba: await productLayer(view.cut, at) };
    layers.set(index, entry);
    return entry;
  }

  async function drawProduct(
    pose: CameraPose,
    index: number,
    dx: number,
    out: Buffer,
  ): Promise<void> {
    const view = plate.views[index]!;
    const p = view.placement;
    const { w, h, rgba } = await layerFor(index, view, pose.zoom);
    const [cx, baseV] = toFrame(pose, p.x + p.width / 2, p.y + p.height, dx);
    const left = Math.round(cx - w / 2);
    const topV = Math.round(baseV - h);
    for (let y = Math.max(0, -topV); y < h && y + topV < height; y++) {
      for (let x = Math.max(0, -left); x < w && x + left < width; x++) {
        const s = (y * w + x) * 4;
        const a = rgba[s + 3]!;
        if (a === 0) continue;
        const o = ((y + topV) * width + x + left) * 3;
        if (a === 255) {
          out[o] = rgba[s]!;
          out[o + 1] = rgba[s + 1]!;
          out[o + 2] = rgba[s + 2]!;
        } else {
          for (let c = 0; c < 3; c++) {
            out[o + c] = (rgba[s + c]! * a + out[o + c]! * (255 - a) + 127) / 255;
          }
        }
      }
    }
  }

  return {
    width,
    height,
    async draw(pose, out) {
      drawSet(pose, out);
      if (pose.sweep !== null) drawSweep(pose.sweep, out);
      const index = pose.view.index;
      drawGain(pose, plate.views[index]!, 0, out);
      await drawProduct(pose, index, 0, out);
    },
  };
}
