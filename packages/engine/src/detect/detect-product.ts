// What the product is, read from the photo when the seller does not say. detectProduct is the
// first reader (decision 0453: one look at the cut-out's box, one detection matched by IoU),
// kept for the bench's before; uploads go through withDetectedProduct, which recognises the
// kind over the whole cut-out (recognise-product.ts, decision 1200). Runs once per upload,
// after the cut-out; the result travels with it (Cutout.product).
import sharp from "sharp";
import type { Cutout, DecodedImage, DetectedProduct } from "../types.ts";
import { DETECT_SIZE, type RawDetection, runDetector } from "./centernet-model.ts";
import { kindForCoco } from "./coco-kinds.ts";
import { withoutBystanders } from "./drop-bystanders.ts";
import { productFromShape, recogniseProduct } from "./recognise-product.ts";

/** below this the detector's guesses are often wrong (packaging boxes read as books at 0.27) */
export const MIN_SCORE = 0.4;
/** how much a detection's box must overlap the cut-out's (intersection over union) */
export const MIN_OVERLAP = 0.5;
/** context kept around the cut-out's box: the detector reads a car better with its road */
const MARGIN = 0.2;

type Box = [number, number, number, number];

export function iou(a: Box, b: Box): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const area = (x: Box) => (x[2] - x[0]) * (x[3] - x[1]);
  return inter / (area(a) + area(b) - inter);
}

/**
 * The detection that is the cut-out's subject: among the confident ones overlapping its box
 * enough, the best by score × overlap. null when none, or when it is no product (a person).
 */
export function pickProduct(detections: RawDetection[], subject: Box): DetectedProduct | null {
  let best: { d: RawDetection; rank: number } | null = null;
  for (const d of detections) {
    if (d.score < MIN_SCORE) continue;
    const overlap = iou(d.box, subject);
    if (overlap < MIN_OVERLAP) continue;
    const rank = d.score * overlap;
    if (!best || rank > best.rank) best = { d, rank };
  }
  const kind = best ? kindForCoco(best.d.label) : null;
  if (!best || !kind) return null;
  return { kind, confidence: Math.round(best.d.score * 100) / 100 };
}

/** The region the detector sees: the cut-out's box with some context, within the photo. */
function region(image: DecodedImage, bbox: Cutout["bbox"]) {
  const mx = Math.round(bbox.width * MARGIN);
  const my = Math.round(bbox.height * MARGIN);
  const left = Math.max(0, bbox.x - mx);
  const top = Math.max(0, bbox.y - my);
  const right = Math.min(image.width, bbox.x + bbox.width + mx);
  const bottom = Math.min(image.height, bbox.y + bbox.height + my);
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/**
 * Read the product's kind from the photo. `bbox` is the cut-out's box (Cutout.bbox). Resolves
 * null when nothing confident matches it; rejects with EngineError MODEL_UNAVAILABLE when the
 * detector cannot load (callers then go on without a kind).
 */
export async function detectProduct(
  image: DecodedImage,
  bbox: Cutout["bbox"],
): Promise<DetectedProduct | null> {
  const r = region(image, bbox);
  const rgb = await sharp(image.rgba, {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .extract(r)
    .removeAlpha()
    // squashed to a square, as the model was trained
    .resize(DETECT_SIZE, DETECT_SIZE, { fit: "fill" })
    .raw()
    .toBuffer();
  const detections = await runDetector(rgb);
  const subject: Box = [
    (bbox.x - r.left) / r.width,
    (bbox.y - r.top) / r.height,
    (bbox.x + bbox.width - r.left) / r.width,
    (bbox.y + bbox.height - r.top) / r.height,
  ];
  return pickProduct(detections, subject);
}

/**
 * The cut-out with the kind recognised from its photo (Cutout.product: the detector's views
 * over the cut-out, else its outline; recognise-product.ts), or as it was when nothing names
 * it. The kind only refines the set, so an upload never fails for want of it: a detector that
 * cannot load leaves the outline to answer.
 */
export async function withDetectedProduct(image: DecodedImage, cut: Cutout): Promise<Cutout> {
  let product: DetectedProduct | null;
  let subject = cut;
  try {
    const seen = await recogniseProduct(image, cut);
    product = seen.product;
    // a product's photo with a person standing apart (a model by the car): the product alone
    if (product) subject = withoutBystanders(cut, seen.detections);
  } catch {
    product = productFromShape(cut);
  }
  return product ? { ...subject, product } : subject;
}
