// The set is rendered clean and crisp; a phone photo of the product is grainy in dim light and
// soft when small or upscaled. Pasted as is, the product looks cut out. This step gives the SET
// the product layer's grain and softness, as the layer reaches the output (after resizing),
// measured with the estimators of grain-measure.ts. Product pixels are never touched: the
// caller paints the product over the result, and opaque pixels are skipped here besides.
//
// Decisions (the spec is silent):
// - only the excess is added: the set's own dither and softness are measured with the same
//   estimators and subtracted in quadrature; a clean studio photo adds only the camera's
//   floor (CAMERA_FLOOR), which every photograph carries and a render lacks;
// - below MIN_PRODUCT_NOISE levels the product counts as clean (studio photos and renders read
//   0.1 to 1.2 on the test photos: JPEG, 8-bit steps, fine print);
// - the blur is capped at MAX_BLUR px, and skipped below MIN_BLUR (invisible); the grain is
//   capped at MAX_GRAIN levels;
// - grain size follows the layer's resampling: an upscaled photo's grain is one photo pixel
//   wide, so it is read with kernel taps that far apart (grainPitch) and the set's noise is
//   drawn on a grid of that pitch and interpolated, then scaled so that the same estimator
//   reads the same figure on set and product (fieldResponse);
// - clipped whites and blacks carry no noise (true of sensors, and it keeps the pure-white
//   preset and the backend's mask composite pure);
// - the seed is the plan's (RenderedScene.seed), else a hash of the scene's pixels: the same
//   request + seed gets the same grain, from a 12 MP cut-out or from its render copy.
import sharp from "sharp";
import type { RenderedScene } from "../types.ts";
import { addGrain, grainPitch } from "./grain-field.ts";
import {
  giveMeasureScratch,
  LUMA_BINS,
  type MeasureScratch,
  measureNoise,
  measureSoftness,
  type NoiseProfile,
  opaqueInterior,
  planes,
  type Region,
  type Softness,
  smooth1,
  takeMeasureScratch,
} from "./grain-measure.ts";
import type { Placement } from "./place.ts";

export const MIN_PRODUCT_NOISE = 1.5;
export const MIN_BLUR = 0.5;
export const MAX_BLUR = 4;
/** levels: the most grain ever added. Fine texture everywhere (a plush toy's fur) reads as
 * grain; real phone noise after the camera's own denoising rarely goes past this (at 5, a
 * reviewer measured our blurred sets' grain as "one flat layer" over a noisy product's sets) */
export const MAX_GRAIN = 4;
/** what the softness estimator reads on a perfect step (see grain-measure.ts) */
export const SHARP_FLOOR = 0.76;
/**
 * The least grain a set carries, levels by 32-level bin of luminance, whatever the product: a
 * camera's, after its own denoising, as it survives a JPEG at quality 90. A render's blur is
 * smooth to the last level, and a reviewer measured it (high-pass SD 0.3 behind every set
 * against 1.5–3 in the photographs beside them) as "software blur". Darks and near-white
 * carry less, as a sensor's do after its denoising (a bright sky or window reads near 0).
 */
export const CAMERA_FLOOR = Float32Array.from([1.4, 2, 2.4, 2.4, 2.3, 2, 1.5, 0.8]);
const CAMERA_FLOOR_LUMA = 2.5;
const CAMERA_FLOOR_CHROMA = 1;
/** opaque interior samples needed before the product's grain is trusted */
const MIN_SAMPLES = 400;

export interface GrainMatch {
  product: { noise: NoiseProfile; softness: Softness };
  set: { noise: number; chroma: number; softness: number | undefined };
  /** Gaussian sigma the set was blurred by (0 = not blurred) */
  blur: number;
  /** luminance noise sigma added per 32-level bin (all 0 = no grain added) */
  addedLuma: Float32Array;
  addedChroma: number;
}

/**
 * The set around the product's foot: the band where the camera focuses (the product stands
 * there) and where the eye compares set and product; far walls are often blurred by depth of
 * field and would read as soft as any product.
 */
function setWindow(scene: RenderedScene, p: Placement): Region {
  const x0 = Math.max(0, p.x - Math.round(p.width / 2));
  const x1 = Math.min(scene.width, p.x + p.width + Math.round(p.width / 2));
  const foot = p.y + p.height;
  const y0 = Math.max(0, foot - Math.round(p.height * 0.35));
  const y1 = Math.min(scene.height, foot + Math.round(p.height * 0.2));
  return {
    data: scene.rgb,
    channels: 3,
    stride: scene.width,
    x: x0,
    y: y0,
    width: Math.max(0, x1 - x0),
    height: Math.max(0, y1 - y0),
  };
}

/** centre stride giving about `target` samples over `area` pixels */
const strideFor = (area: number, target: number) =>
  Math.max(1, Math.round(Math.sqrt(area / target)));

/** the least share of the camera's floor a set keeps, however clean the product */
const FLOOR_LEAST = 0.4;

/**
 * How much of the camera's floor the set gets: all of it when the product's own noise could
 * not be read, else as much as the product shows of it (down to FLOOR_LEAST). A clean photo
 * (a denoised phone JPEG, a studio shot, a render) beside a set with the whole floor was "much
 * smoother, with less fine noise, than the grainy plaster around it" (round 20): the set had
 * 2.5 levels, the stone 0.5.
 */
function floorShare(pn: NoiseProfile): number {
  if (pn.samples < MIN_SAMPLES) return 1;
  return Math.min(1, Math.max(FLOOR_LEAST, pn.luma / MIN_PRODUCT_NOISE));
}

/** Measure the product layer: what reaches the output, its opaque interior only. */
export function measureLayer(
  layer: Uint8Array,
  width: number,
  height: number,
  pitch = 1,
  /** working buffers to reuse (matchGrain's); fresh ones without */
  scratch?: MeasureScratch,
): { noise: NoiseProfile; softness: Softness } {
  const pl = planes(
    { data: layer, channels: 4, stride: width, x: 0, y: 0, width, height },
    scratch,
  );
  const step = strideFor(width * height, 60_000);
  const [inner, inner7] = opaqueInterior(layer, width, height, [pitch + 1, 7], scratch) as [
    Uint8Array,
    Uint8Array,
  ];
  const noise = measureNoise(pl, width, height, inner, step, pitch);
  const softness = measureSoftness(
    smooth1(pl.Y, width, height, scratch),
    width,
    height,
    inner7,
    noise.luma,
    step,
  );
  return { noise, softness };
}

/**
 * Give the set (`out`, the scene with its shadows and reflection, before the product goes on)
 * the product layer's grain and softness. Deterministic for the same inputs.
 */
export async function matchGrain(
  out: Buffer,
  scene: RenderedScene,
  layer: Buffer,
  p: Placement,
  /** share of the product's grain that is the camera's, not texture (photo-grain.ts) */
  sensor = 1,
): Promise<GrainMatch> {
  const scratch = takeMeasureScratch();
  try {
    return await matchWith(scratch, out, scene, layer, p, sensor);
  } finally {
    giveMeasureScratch(scratch);
  }
}

/**
 * matchGrain with its working buffers: the layer's planes and masks are dead once its figures
 * are read, so the set's window reuses them, and so does the set's second reading after a
 * blur (the clean window's planes are not read again then).
 */
async function matchWith(
  scratch: MeasureScratch,
  out: Buffer,
  scene: RenderedScene,
  layer: Buffer,
  p: Placement,
  sensor: number,
): Promise<GrainMatch> {
  const pitch = grainPitch(p);
  const product = measureLayer(layer, p.width, p.height, Math.round(pitch), scratch);
  if (sensor < 1) {
    const n = product.noise;
    product.noise = {
      ...n,
      luma: n.luma * sensor,
      chroma: n.chroma * sensor,
      lumaByBin: n.lumaByBin.map((v) => v * sensor),
    };
  }
  const win = setWindow(scene, p);
  const result: GrainMatch = {
    product,
    set: { noise: 0, chroma: 0, softness: undefined },
    blur: 0,
    addedLuma: new Float32Array(LUMA_BINS),
    addedChroma: 0,
  };
  if (win.width < 16 || win.height < 16) return result;
  const step = strideFor(win.width * win.height, 60_000);

  // softness: blur the set by what the product has beyond it
  const clean = planes(win, scratch);
  const setSoft = measureSoftness(
    smooth1(clean.Y, win.width, win.height, scratch),
    win.width,
    win.height,
    undefined,
    0,
    step,
  ).sigma;
  result.set.softness = setSoft;
  const ps = product.softness.sigma;
  if (ps !== undefined) {
    const base = Math.max(SHARP_FLOOR, setSoft ?? SHARP_FLOOR);
    const extra = Math.sqrt(Math.max(0, ps * ps - base * base));
    if (extra >= MIN_BLUR) {
      result.blur = Math.min(MAX_BLUR, extra);
      const blurred = await sharp(out, {
        raw: { width: scene.width, height: scene.height, channels: 3 },
      })
        .blur(result.blur)
        .raw()
        .toBuffer();
      blurred.copy(out);
    }
  }

  // grain: add what the product has beyond the (possibly blurred) set's own, and never less
  // than a camera's floor
  const pn = product.noise;
  const trusted = pn.samples >= MIN_SAMPLES && pn.luma >= MIN_PRODUCT_NOISE;
  // an upscaled product's grain is a photo pixel wide, and so is the set's; the camera's own
  // floor is an output pixel wide
  const drawPitch = trusted ? pitch : 1;
  const setNoise = measureNoise(
    result.blur > 0 ? planes({ ...win, data: out }, scratch) : clean,
    win.width,
    win.height,
    undefined,
    step,
    Math.round(drawPitch),
  );
  result.set.noise = setNoise.luma;
  result.set.chroma = setNoise.chroma;
  const excess = (a: number, b: number) =>
    Math.min(MAX_GRAIN, Math.sqrt(Math.max(0, a * a - b * b)));
  const own = (v: number) => (trusted ? v : 0);
  const floor = floorShare(pn);
  for (let b = 0; b < LUMA_BINS; b++)
    result.addedLuma[b] = excess(
      Math.max(CAMERA_FLOOR[b]! * floor, own(pn.lumaByBin[b]!)),
      setNoise.luma,
    );
  result.addedChroma = excess(
    Math.max(CAMERA_FLOOR_CHROMA * floor, own(pn.chroma)),
    setNoise.chroma,
  );
  const lumaAll = excess(Math.max(CAMERA_FLOOR_LUMA * floor, own(pn.luma)), setNoise.luma);
  if (lumaAll < 0.3) return result;
  addGrain(
    out,
    scene,
    layer,
    p,
    result.addedLuma,
    Math.min(2, result.addedChroma / lumaAll),
    drawPitch,
  );
  return result;
}
