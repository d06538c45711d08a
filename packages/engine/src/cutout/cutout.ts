import sharp from "sharp";
import { EngineError } from "../input/engine-error.ts";
import type { Cutout, DecodedImage } from "../types.ts";
import { alphaBox } from "./alpha-box.ts";
import { softenBackdropRim } from "./backdrop-rim.ts";
import { resizePlane } from "./box-filter.ts";
import { removeChromaBleed } from "./chroma-bleed.ts";
import { classicalMask, keepMainComponents } from "./classical.ts";
import { dominantColors } from "./colors.ts";
import { decontaminate } from "./decontaminate.ts";
import { dilateSquare } from "./dilate.ts";
import { fastGuidedUpsample, luminance } from "./guided-filter.ts";
import { type IsnetOptions, isnetSide, runIsnet } from "./isnet-model.ts";
import { paddedIsnetMatte, touchedSides } from "./isnet-padded.ts";
import { withPhotoFacts } from "./photo-facts.ts";
import { emptyBox, takeIn } from "./pixel-box.ts";
import { recoverThinLocal } from "./thin-local.ts";
import { plainBackdrop, recoverThinStructures } from "./thin-structures.ts";

export type CutoutMethod = "auto" | "isnet" | "classical";

export interface CutoutOptions {
  /**
   * auto (default): the upload's own alpha when its background is already transparent, else
   * ISNet, falling back to the classical cut-out when the model cannot run or finds nothing;
   * isnet / classical: that one only.
   */
  method?: CutoutMethod;
  isnet?: IsnetOptions;
  /** called with a stage name, for progress bars */
  onStage?: (stage: "model" | "refine") => void;
  /** give back thin structures the model misses (default true; false for benchmarks) */
  thinStructures?: boolean;
}

/**
 * The largest photo a cut-out is made at, px on the long side: a larger upload is scaled down as
 * it is decoded (decodeImage's maxSide). The largest output frame (2667×2000) places a product
 * at 1900 px at most, so a 12 MP phone photo's cut-out at 3072 px keeps every pixel an output
 * uses, and its refinement costs half (docs/decisions/0552).
 */
export const CUTOUT_MAX_SIDE = 3072;

/** Working resolution of the guided filter: the model's own detail level. */
const LOW_SIDE = 1024;

function lowSize(width: number, height: number): { lw: number; lh: number } {
  const s = Math.min(1, LOW_SIDE / Math.max(width, height));
  return { lw: Math.max(1, Math.round(width * s)), lh: Math.max(1, Math.round(height * s)) };
}

/** The photo at the working resolution, RGB: made once, shared by model, fallback and filter. */
interface LowRes {
  rgb: Buffer;
  lw: number;
  lh: number;
}

async function lowRes(image: DecodedImage): Promise<LowRes> {
  const { width, height, rgba } = image;
  const { lw, lh } = lowSize(width, height);
  const img = sharp(rgba, { raw: { width, height, channels: 4 } }).removeAlpha();
  const rgb = await (lw === width && lh === height ? img : img.resize(lw, lh, { fit: "fill" }))
    .raw()
    .toBuffer();
  return { rgb, lw, lh };
}

async function isnetMatte(low: LowRes, options: CutoutOptions): Promise<Float32Array> {
  options.onStage?.("model");
  // from the working copy (≤ 1024 px), not the full photo: same detail, a fraction of the work;
  // a small photo at its own size (isnetSide), its edges refined at full size in finish()
  const side = isnetSide(low.lw, low.lh, options.isnet);
  const input = await sharp(low.rgb, { raw: { width: low.lw, height: low.lh, channels: 3 } })
    .resize(side, side, { fit: "fill", kernel: "linear" })
    .raw()
    .toBuffer();
  const prob = await runIsnet(input, side, options.isnet);
  const matte = resizePlane(prob, side, side, low.lw, low.lh);
  // a product the photo cuts off: once more with a margin on the cut sides (isnet-padded.ts);
  // not when it runs into all four, where a margin would frame the whole photo as one object
  const sides = touchedSides(matte, low.lw, low.lh);
  if (sides.length === 0 || sides.length === 4) return matte;
  const padded = await paddedIsnetMatte(low.rgb, low.lw, low.lh, sides, options.isnet);
  // only firm up what the first run already half believed: with a margin the model sometimes
  // takes the photo's background for part of the object too (trees above a cropped car)
  for (let i = 0; i < matte.length; i++) {
    if (matte[i]! >= FIRM_FROM && padded[i]! > matte[i]!) matte[i] = padded[i]!;
  }
  return matte;
}

/** a first-run probability from which the margin run may raise it (see isnetMatte) */
const FIRM_FROM = 0.35;

function classicalMatte(low: LowRes): Float32Array | null {
  return classicalMask(low.rgb, low.lw, low.lh)?.mask ?? null;
}

function coverage(matte: Float32Array): number {
  let s = 0;
  for (let i = 0; i < matte.length; i++) if (matte[i]! > 0.5) s++;
  return s / matte.length;
}

/**
 * Where the product may be: the matte's main connected parts (≥ 5 % of the largest), widened
 * by a few pixels for the soft edge. A stray speck elsewhere would otherwise stretch the
 * bounding box and shrink the product in every output.
 */
function keepRegion(matte: Float32Array, w: number, h: number): Uint8Array {
  const isBg = new Uint8Array(w * h);
  for (let i = 0; i < isBg.length; i++) isBg[i] = matte[i]! > 0.5 ? 0 : 1;
  const main = keepMainComponents(isBg, w, h);
  const r = 3;
  return dilateSquare(main, w, h, r);
}

/**
 * The full-resolution pixels whose low-resolution cell is in `keep`, as a box with a pixel to
 * spare (everything outside it is cleared whatever the filter says).
 */
function fullRegion(keep: Uint8Array, lw: number, lh: number, width: number, height: number) {
  const kept = emptyBox(lw, lh);
  for (let y = 0; y < lh; y++) {
    for (let x = 0; x < lw; x++) {
      if (!keep[y * lw + x]) continue;
      takeIn(kept, x, y);
    }
  }
  if (kept.x1 < 0) return { x0: 0, y0: 0, x1: -1, y1: -1 };
  const sx = width / lw;
  const sy = height / lh;
  return {
    x0: Math.max(0, Math.floor(kept.x0 * sx) - 1),
    y0: Math.max(0, Math.floor(kept.y0 * sy) - 1),
    x1: Math.min(width - 1, Math.ceil((kept.x1 + 1) * sx) + 1),
    y1: Math.min(height - 1, Math.ceil((kept.y1 + 1) * sy) + 1),
  };
}

/** Refine a coarse matte against the photo and build the Cutout. */
function finish(
  image: DecodedImage,
  low: LowRes,
  matteLow: Float32Array,
  method: Cutout["method"],
  thin = true,
): Cutout {
  const { width, height, rgba } = image;
  const { lw, lh } = low;
  const keep = keepRegion(matteLow, lw, lh);
  const kx = lw / width;
  const ky = lh / height;
  // the full-resolution work is done where the product may be, not over the whole photo
  const region = fullRegion(keep, lw, lh, width, height);
  const guideFull = luminance(rgba, width, height, 4, region);
  const small = lw === width && lh === height;
  const guideLow = small ? luminance(rgba, width, height) : luminance(low.rgb, lw, lh, 3);
  const refined = fastGuidedUpsample(
    guideLow,
    matteLow,
    lw,
    lh,
    guideFull,
    width,
    height,
    {
      // chosen on the benchmark photos: as good an IoU as plain bilinear, with edges that
      // follow the photo (docs/decisions/0400)
      radius: Math.max(2, Math.round(Math.max(lw, lh) / 400)),
      eps: 1e-2,
    },
    region,
  );
  const out = Buffer.from(rgba);
  const extent = emptyBox(width, height);
  for (let y = 0; y < height; y++) {
    const krow = Math.min(lh - 1, Math.floor(y * ky)) * lw;
    if (y < region.y0 || y > region.y1) {
      for (let i = y * width * 4 + 3; i < (y + 1) * width * 4; i += 4) out[i] = 0;
      continue;
    }
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!keep[krow + Math.min(lw - 1, Math.floor(x * kx))]) {
        out[i * 4 + 3] = 0;
        continue;
      }
      // widen the certain ends: a matte of 0.93 inside a product is the model being timid,
      // and an exact 255 interior is what the fidelity promise is measured against
      const q = (refined[i]! - 0.06) / 0.88;
      const a = q <= 0 ? 0 : q >= 1 ? 255 : Math.round(q * 255);
      out[i * 4 + 3] = a;
      if (a > 8) {
        takeIn(extent, x, y);
      }
    }
  }
  if (extent.x1 < 0) {
    throw new EngineError("NO_SUBJECT", "No product could be separated from the photo.");
  }
  // give back the thin parts the model's working size cannot see: against the backdrop's one
  // colour when it is plain, else against the local background around each pixel
  const backdrop = thin ? plainBackdrop(rgba, width, height) : null;
  const size = Math.max(extent.x1 - extent.x0, extent.y1 - extent.y0);
  if (backdrop) {
    const pad = Math.round(size * 0.01);
    recoverThinStructures(
      out,
      width,
      height,
      {
        x: extent.x0 - pad,
        y: extent.y0 - pad,
        width: extent.x1 - extent.x0 + 1 + 2 * pad,
        height: extent.y1 - extent.y0 + 1 + 2 * pad,
      },
      backdrop,
    );
  } else if (thin) {
    // wider: a chair's legs or a chain the model dropped entirely lie outside its box
    const pad = Math.round(size * 0.08);
    recoverThinLocal(out, width, height, {
      x: extent.x0 - pad,
      y: extent.y0 - pad,
      width: extent.x1 - extent.x0 + 1 + 2 * pad,
      height: extent.y1 - extent.y0 + 1 + 2 * pad,
    });
  }
  // once per upload rather than once per output: fringe colours freed of the old backdrop,
  // the outline's opaque pixels that are mostly backdrop counted as fringe first
  softenBackdropRim(out, width, height);
  decontaminate(out, width, height);
  // and the backdrop's hue a JPEG spread into the outline's opaque pixels
  removeChromaBleed(out, width, height);
  return withPhotoFacts(
    {
      width,
      height,
      rgba: out,
      bbox: {
        x: extent.x0,
        y: extent.y0,
        width: extent.x1 - extent.x0 + 1,
        height: extent.y1 - extent.y0 + 1,
      },
      colors: dominantColors(out),
      method,
    },
    true,
  );
}

/**
 * A close-up: the product fills the photo, so there is no edge to find (the model sees no
 * object against a background, the classical cut-out no backdrop). The whole photo is the
 * product, cut on all four sides; the compositor fills the frame with it.
 */
function wholeFrame(image: DecodedImage): Cutout {
  const { width, height } = image;
  const out = Buffer.from(image.rgba);
  for (let i = 3; i < out.length; i += 4) out[i] = 255;
  return {
    width,
    height,
    rgba: out,
    bbox: { x: 0, y: 0, width, height },
    colors: dominantColors(out),
    method: "frame",
    croppedSides: ["top", "bottom", "left", "right"],
  };
}

/**
 * A PNG/WebP the seller already cut out: most of the border is transparent. Its own alpha is
 * a better matte than any model's guess (and the model would see black where it is clear).
 */
function hasTransparentBackground({ width, height, rgba }: DecodedImage): boolean {
  let clear = 0;
  let total = 0;
  const at = (x: number, y: number) => {
    total++;
    if (rgba[(y * width + x) * 4 + 3]! < 16) clear++;
  };
  for (let x = 0; x < width; x++) {
    at(x, 0);
    at(x, height - 1);
  }
  for (let y = 1; y < height - 1; y++) {
    at(0, y);
    at(width - 1, y);
  }
  return clear / total >= 0.9;
}

function fromAlpha(image: DecodedImage): Cutout {
  const { width, height, rgba } = image;
  const bbox = alphaBox(rgba, width, height);
  if (!bbox) throw new EngineError("NO_SUBJECT", "The image is fully transparent.");
  const out = Buffer.from(rgba);
  // an upload that came cut out has no background left to tell how it was shot
  return withPhotoFacts(
    { width, height, rgba: out, bbox, colors: dominantColors(out), method: "alpha" },
    false,
  );
}

/**
 * Separate the product from its photo, once per upload: a soft alpha at the photo's full
 * resolution, the product's bounding box and dominant colours. Throws EngineError NO_SUBJECT
 * when nothing can be separated, MODEL_UNAVAILABLE when method "isnet" was forced and the
 * model cannot run.
 */
export async function cutout(image: DecodedImage, options: CutoutOptions = {}): Promise<Cutout> {
  const method = options.method ?? "auto";
  if (method === "auto" && hasTransparentBackground(image)) return fromAlpha(image);
  const low = await lowRes(image);
  let modelSawNothing = false;
  if (method !== "classical") {
    try {
      const matte = await isnetMatte(low, options);
      const c = coverage(matte);
      // ≥ 98 %: the product fills the photo (a close-up), unless the border is a plain
      // backdrop, where the model is wrong and the classical cut-out knows better
      const fills = c >= 0.98 && !plainBackdrop(image.rgba, image.width, image.height);
      if ((c > 0.002 && c < 0.98) || fills) {
        options.onStage?.("refine");
        return finish(image, low, matte, "isnet", options.thinStructures);
      }
      modelSawNothing = c <= 0.002;
      if (method === "isnet") {
        throw new EngineError("NO_SUBJECT", "The model found no product in the photo.");
      }
    } catch (err) {
      if (method === "isnet") {
        if (err instanceof EngineError) throw err;
        throw new EngineError("MODEL_UNAVAILABLE", `The cut-out model could not run: ${err}`, {
          cause: err,
        });
      }
      if (err instanceof EngineError && err.code === "NO_SUBJECT") throw err;
    }
  }
  const matte = classicalMatte(low);
  // neither found an edge; on a photo with detail all over (not an empty backdrop) that is a
  // close-up of the product itself. Only when the model ran: without it, a product on a busy
  // table would come out as the whole photo.
  if (!matte && modelSawNothing && !plainBackdrop(image.rgba, image.width, image.height)) {
    return wholeFrame(image);
  }
  if (!matte) {
    throw new EngineError(
      "NO_SUBJECT",
      "No product could be separated from the photo: use a photo of one product on a plain background.",
    );
  }
  options.onStage?.("refine");
  return finish(image, low, matte, "classical", options.thinStructures);
}
