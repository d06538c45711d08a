// What the product is, read from its photo once per upload (decision 1200). The COCO detector
// looks twice: at the cut-out's box with its surroundings (a car reads better with its road),
// and at the cut-out alone on grey (a banana on a pile of fruit reads as a banana once the pile
// is gone). Each kind's boxes are judged by how well their union covers the cut-out's matte
// (cover.ts), so two cars side by side, or a car filling the whole frame, name their kind.
// When no detection covers the cut-out, its outline may still say box or bottle (shape-kind.ts).
import sharp from "sharp";
import { seenProduct } from "../scenes/seen-products.ts";
import type { Cutout, DecodedImage, DetectedProduct } from "../types.ts";
import { DETECT_SIZE, type RawDetection, runDetector } from "./centernet-model.ts";
import { kindForCoco } from "./coco-kinds.ts";
import { type Box, bestUnion, type MaskGrid, maskGrid } from "./cover.ts";
import { kindFromShape, shapeFeatures } from "./shape-kind.ts";

/** detections below this score are noise even in a union */
const FLOOR_SCORE = 0.1;
/** below this the photo's evidence names nothing and the outline is asked instead */
export const MIN_EVIDENCE = 0.12;
/** the isolated view's evidence counts this much (measured on the bench, decision 1200) */
const ISOLATED_WEIGHT = 0.6;
/** a photo answer weaker than this gives way to a kind the outline names */
const SHAPE_BEATS = 0.3;
/** a person or an animal this much stronger than any product is the photo's subject */
const NOT_A_PRODUCT = 1.5;
/**
 * The least evidence for a kind that stands on a floor or the ground (a bed, a sofa, a car):
 * a tabletop product misread as one is set several times its size on a room's floor (a tank
 * top read as a bed at 0.26 stood 2 m tall by a dining table), where the opposite mistake only
 * gives a large one a tabletop set. The bench's cars are named at 0.39 and more.
 */
export const MIN_ROOM_SIZED_EVIDENCE = 0.3;

/** One look of the detector: which part of the photo, and how it was prepared. */
export type ViewName = "context" | "isolated" | "photo";
export const DEFAULT_VIEWS: readonly ViewName[] = ["context", "isolated"];

/** a region of the photo, as fractions */
interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A label's evidence in one view: its best score × √(the fit of its best union). */
export interface LabelEvidence {
  label: string;
  evidence: number;
  score: number;
  fit: number;
}

/** The evidence of every label among `detections` (boxes as fractions of the photo). */
export function evidenceByLabel(detections: RawDetection[], mask: MaskGrid): LabelEvidence[] {
  const byLabel = new Map<string, RawDetection[]>();
  for (const d of detections) {
    if (d.score < FLOOR_SCORE) continue;
    byLabel.set(d.label, [...(byLabel.get(d.label) ?? []), d]);
  }
  const out: LabelEvidence[] = [];
  for (const [label, ds] of byLabel) {
    ds.sort((a, b) => b.score - a.score);
    const { fit } = bestUnion(
      ds.map((d) => d.box),
      mask,
    );
    const score = ds[0]!.score;
    out.push({ label, score, fit: fit.fit, evidence: score * Math.sqrt(fit.fit) });
  }
  return out.sort((a, b) => b.evidence - a.evidence);
}

/**
 * The kind named by the evidence of several views: per label the best view, plus a quarter of
 * the next (two views agreeing is worth more than one). A person or an animal clearly ahead of
 * every product means the photo's subject is no product: null, and no outline guess either.
 */
export function decideKind(views: LabelEvidence[][]): {
  product: DetectedProduct | null;
  subjectIsNoProduct: boolean;
} {
  const all = new Map<string, number[]>();
  for (const v of views)
    for (const e of v) all.set(e.label, [...(all.get(e.label) ?? []), e.evidence]);
  const ranked = [...all]
    .map(([label, es]) => {
      es.sort((a, b) => b - a);
      return { label, evidence: Math.min(1, es[0]! + 0.25 * (es[1] ?? 0)) };
    })
    .sort((a, b) => b.evidence - a.evidence);
  const product = ranked.find((r) => kindForCoco(r.label));
  const other = ranked.find((r) => !kindForCoco(r.label));
  const productEv = product?.evidence ?? 0;
  if (other && other.evidence >= MIN_EVIDENCE * 2 && other.evidence > productEv * NOT_A_PRODUCT)
    return { product: null, subjectIsNoProduct: true };
  if (!product || productEv < MIN_EVIDENCE) return { product: null, subjectIsNoProduct: false };
  const footing = seenProduct(kindForCoco(product.label)!)?.stands ?? "table";
  if (footing !== "table" && productEv < MIN_ROOM_SIZED_EVIDENCE)
    return { product: null, subjectIsNoProduct: false };
  return {
    product: {
      kind: kindForCoco(product.label)!,
      confidence: Math.round(productEv * 100) / 100,
      source: "photo",
    },
    subjectIsNoProduct: false,
  };
}

/** the cut-out's box with `margin` of context on each side, within the photo, as fractions */
function around(cut: Cutout, margin: number): Region {
  const { x, y, width, height } = cut.bbox;
  return {
    x0: Math.max(0, (x - width * margin) / cut.width),
    y0: Math.max(0, (y - height * margin) / cut.height),
    x1: Math.min(1, (x + width * (1 + margin)) / cut.width),
    y1: Math.min(1, (y + height * (1 + margin)) / cut.height),
  };
}

/**
 * The views' evidence, the isolated view's as confirmation only. With nothing round it, the
 * detector guesses wildly (a book as an umbrella at 0.42, garments as umbrellas): its labels
 * count, at ISOLATED_WEIGHT, and only where a view of the photo saw the same label too (when
 * the caller asked for such a view).
 */
export function confirmedByContext(seen: Recognition["views"]): LabelEvidence[][] {
  const aroundViews = seen.filter((s) => s.view !== "isolated");
  const around = new Set(aroundViews.flatMap((s) => s.evidence.map((e) => e.label)));
  return seen.map((s) =>
    s.view === "isolated"
      ? s.evidence
          .filter((e) => !aroundViews.length || around.has(e.label))
          .map((e) => ({ ...e, evidence: e.evidence * ISOLATED_WEIGHT }))
      : s.evidence,
  );
}

/** the most a view is squashed to the detector's square: two cars side by side in a 3:1 box,
 * squashed, are no longer cars to it */
const MAX_STRETCH = 1.5;

/**
 * The region grown on its short side until it is at most MAX_STRETCH long, with more of the
 * photo where there is some and grey padding beyond the photo's edge (the region may then
 * reach outside 0..1).
 */
export function squarer(r: Region, w: number, h: number): Region {
  const rw = (r.x1 - r.x0) * w;
  const rh = (r.y1 - r.y0) * h;
  const grow = (a0: number, a1: number, want: number) => {
    const pad = (want - (a1 - a0)) / 2;
    let [b0, b1] = [a0 - pad, a1 + pad];
    // keep it within the photo when it fits: real context beats grey
    if (want <= 1) {
      if (b0 < 0) [b0, b1] = [0, want];
      if (b1 > 1) [b0, b1] = [1 - want, 1];
    }
    return [b0, b1] as const;
  };
  if (rw > rh * MAX_STRETCH) {
    const [y0, y1] = grow(r.y0, r.y1, rw / MAX_STRETCH / h);
    return { ...r, y0, y1 };
  }
  if (rh > rw * MAX_STRETCH) {
    const [x0, x1] = grow(r.x0, r.x1, rh / MAX_STRETCH / w);
    return { ...r, x0, x1 };
  }
  return r;
}

/** `region` of an RGBA buffer (grey beyond its edges) squashed to the detector's square */
async function square(rgba: Buffer, w: number, h: number, region: Region): Promise<Buffer> {
  const px = {
    left: Math.floor(region.x0 * w),
    top: Math.floor(region.y0 * h),
    right: Math.ceil(region.x1 * w),
    bottom: Math.ceil(region.y1 * h),
  };
  const left = Math.min(w - 1, Math.max(0, px.left));
  const top = Math.min(h - 1, Math.max(0, px.top));
  const right = Math.max(left + 1, Math.min(w, px.right));
  const bottom = Math.max(top + 1, Math.min(h, px.bottom));
  const inside = await sharp(rgba, { raw: { width: w, height: h, channels: 4 } })
    .extract({ left, top, width: right - left, height: bottom - top })
    .extend({
      left: Math.max(0, left - px.left),
      top: Math.max(0, top - px.top),
      right: Math.max(0, px.right - right),
      bottom: Math.max(0, px.bottom - bottom),
      background: { r: 128, g: 128, b: 128, alpha: 1 },
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = inside.info;
  return sharp(inside.data, { raw: { width, height, channels: 4 } })
    .resize(DETECT_SIZE, DETECT_SIZE, { fit: "fill" })
    .raw()
    .toBuffer();
}

/** RGBA → RGB, the transparent part grey (isolated) or dropped (the photo's own alpha is 255) */
function toRgb(rgba: Buffer, onGrey: boolean): Uint8Array {
  const n = DETECT_SIZE * DETECT_SIZE;
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    const a = onGrey ? rgba[i * 4 + 3]! / 255 : 1;
    for (let k = 0; k < 3; k++) out[i * 3 + k] = Math.round(rgba[i * 4 + k]! * a + 128 * (1 - a));
  }
  return out;
}

/** Run the detector on one view; boxes come back as fractions of the whole photo. */
async function look(image: DecodedImage, cut: Cutout, view: ViewName): Promise<RawDetection[]> {
  const region = squarer(
    view === "photo"
      ? { x0: 0, y0: 0, x1: 1, y1: 1 }
      : around(cut, view === "context" ? 0.2 : 0.08),
    view === "isolated" ? cut.width : image.width,
    view === "isolated" ? cut.height : image.height,
  );
  const rgba =
    view === "isolated"
      ? await square(cut.rgba, cut.width, cut.height, region)
      : await square(image.rgba, image.width, image.height, region);
  const found = await runDetector(toRgb(rgba, view === "isolated"));
  const sx = region.x1 - region.x0;
  const sy = region.y1 - region.y0;
  return found.map((d) => ({
    ...d,
    box: [
      region.x0 + d.box[0] * sx,
      region.y0 + d.box[1] * sy,
      region.x0 + d.box[2] * sx,
      region.y0 + d.box[3] * sy,
    ] as Box,
  }));
}

export interface Recognition {
  product: DetectedProduct | null;
  /** each view's evidence, best first (for the bench and for debugging) */
  views: { view: ViewName; evidence: LabelEvidence[] }[];
  /** what the detector found in the photo round the cut-out (boxes as fractions of the photo) */
  detections: RawDetection[];
}

/**
 * Read the product's kind from its photo and cut-out. Rejects with EngineError
 * MODEL_UNAVAILABLE when the detector cannot load; the outline is then still asked by
 * withDetectedProduct.
 */
export async function recogniseProduct(
  image: DecodedImage,
  cut: Cutout,
  views: readonly ViewName[] = DEFAULT_VIEWS,
): Promise<Recognition> {
  const mask = maskGrid(cut.rgba, cut.width, cut.height);
  const seen: Recognition["views"] = [];
  const detections: RawDetection[] = [];
  // one after the other: the detector runs one photo at a time anyway (centernet-model.ts)
  for (const view of views) {
    const found = await look(image, cut, view);
    if (view !== "isolated") detections.push(...found);
    seen.push({ view, evidence: evidenceByLabel(found, mask) });
  }
  const { product, subjectIsNoProduct } = decideKind(confirmedByContext(seen));
  if (subjectIsNoProduct) return { product: null, views: seen, detections };
  // a clear outline (a box's rectangle) beats a weak detection (the box read as a book at 0.25)
  const shaped = productFromShape(cut);
  if (shaped && (!product || product.confidence < SHAPE_BEATS))
    return { product: shaped, views: seen, detections };
  return { product, views: seen, detections };
}

/** the outline's kind, when it names one */
export function productFromShape(cut: Cutout): DetectedProduct | null {
  const f = shapeFeatures(cut.rgba, cut.width, cut.height);
  return f ? kindFromShape(f) : null;
}
