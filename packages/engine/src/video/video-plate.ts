// The set a video is filmed on, rendered once: the scene larger than the frame (so the camera
// can move), and for each product view what the compositor adds around it (shadow, reflection)
// as a per-pixel gain that moves with the product. Uses only the engine's exported stages
// (planScenes, renderScene, compositeProduct, productLayer), never their internals.
import { compositeProduct } from "../composite/composite.ts";
import { type Placement, productLayer } from "../composite/place.ts";
import { planRequestOf } from "../generate-request.ts";
import { renderScene } from "../render/index.ts";
import { planScenes } from "../scenes/index.ts";
import type { Cutout, RenderedScene } from "../types.ts";

/** How much larger than the frame the set is rendered, per side pair (1.25 = 12.5 % a side). */
export const OVERSCAN = 1.25;

/** What one product view adds to the set: gain map over a box, plus where the product sits. */
export interface ViewLayer {
  cut: Cutout;
  /** the product's placement in the plate, exactly as compositeProduct placed it */
  placement: Placement;
  /** box of the plate (x, y, w, h) outside which the gain is 1 */
  box: { x: number; y: number; w: number; h: number };
  /** composited / bare set, 3 channels, fixed point ×4096, over the box; 4096 under the product */
  gain: Uint16Array;
}

export interface VideoPlate {
  width: number;
  height: number;
  /** the bare set (no product), sRGB 3 channels */
  rgb: Buffer;
  scene: RenderedScene;
  views: ViewLayer[];
  templateId: string;
  /** the photo-pipeline composite of the first view at the plate size, for the poster check */
  photo: Buffer;
}

export interface PlateRequest {
  frameWidth: number;
  frameHeight: number;
  prompt?: string;
  templateId?: string;
  seed: number;
}

export async function buildPlate(views: Cutout[], req: PlateRequest): Promise<VideoPlate> {
  const width = Math.round(req.frameWidth * OVERSCAN);
  const height = Math.round(req.frameHeight * OVERSCAN);
  const first = views[0]!;
  const [plan] = planScenes({
    prompt: req.prompt,
    templateId: req.templateId,
    seed: req.seed,
    count: 1,
    width,
    height,
    // what a photo of the same product is planned with: its kind, light side and view
    product: planRequestOf(first, {}, width, height).product,
  });
  const scene = await renderScene(plan!);
  const layers: ViewLayer[] = [];
  let photo: Buffer | undefined;
  for (const cut of views) {
    const c = await compositeProduct(scene, cut);
    photo ??= c.rgb;
    layers.push(await gainLayer(scene, cut, c.rgb, c.placement));
  }
  return {
    width,
    height,
    rgb: scene.rgb,
    scene,
    views: layers,
    templateId: plan!.templateId,
    photo: photo!,
  };
}

/** The composite's change to the set as a gain, limited to the box where anything changed. */
async function gainLayer(
  scene: RenderedScene,
  cut: Cutout,
  composite: Buffer,
  placement: Placement,
): Promise<ViewLayer> {
  const { width: w, height: h, rgb } = scene;
  const alpha = await productAlpha(cut, placement, w, h);
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      if (
        alpha[y * w + x] === 0 &&
        (composite[i] !== rgb[i] ||
          composite[i + 1] !== rgb[i + 1] ||
          composite[i + 2] !== rgb[i + 2])
      ) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  if (x1 < 0) return { cut, placement, box: { x: 0, y: 0, w: 0, h: 0 }, gain: new Uint16Array(0) };
  const box = { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
  const gain = new Uint16Array(box.w * box.h * 3);
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      const p = (y + box.y) * w + x + box.x;
      const o = (y * box.w + x) * 3;
      for (let c = 0; c < 3; c++) {
        // under the product the set is hidden; its gain there is neutral so a frame that
        // uncovers a sliver of it shows the set, not a ghost of the product
        gain[o + c] =
          alpha[p]! > 0
            ? 4096
            : Math.min(
                65535,
                Math.round(((composite[p * 3 + c]! + 0.5) / (rgb[p * 3 + c]! + 0.5)) * 4096),
              );
      }
    }
  }
  return { cut, placement, box, gain };
}

/** The product's alpha at its plate placement (the same layer compositeProduct painted). */
async function productAlpha(cut: Cutout, p: Placement, w: number, h: number): Promise<Uint8Array> {
  const layer = await productLayer(cut, p);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < p.height; y++) {
    const py = y + p.y;
    if (py < 0 || py >= h) continue;
    for (let x = 0; x < p.width; x++) {
      const px = x + p.x;
      if (px < 0 || px >= w) continue;
      out[py * w + px] = layer[(y * p.width + x) * 4 + 3]!;
    }
  }
  return out;
}
