// How big the product is in the world, and so what kind of set suits it. The planner keeps the
// product's larger side at 1 world unit; everything sized in the world (texture grain, props,
// decorative shapes, depth of field) is scaled by how the product compares with the size the
// sets were tuned at, and the sets themselves are chosen by what the product stands on. The
// product is the one the prompt names, else the one the detector read from the photo.
import type { DetectedProduct } from "../types.ts";
import type { Intent } from "./parse-prompt.ts";
import { type ProductWord, REFERENCE_SIZE, type Stands } from "./product-words.ts";
import { seenProduct } from "./seen-products.ts";
import type { TemplateDef } from "./template.types.ts";

export interface ProductScale {
  /** the product named in the prompt or read from the photo, if any */
  kind: string | null;
  /** where the kind comes from: the prompt wins over the photo (its detections) and the
   * cut-out's outline (shape) */
  source: "prompt" | "photo" | "shape" | null;
  /** how sure recognition was when the kind comes from the photo; 1 when the seller named it */
  confidence: number | null;
  /** largest side, metres */
  size: number;
  stands: Stands;
  /** size / REFERENCE_SIZE, bounded to what the sets still look right at */
  ratio: number;
  /** a garment: laid flat, shot from above (ProductWord.lies) */
  lies?: true;
}

/** words that put the product on a table whatever it is: "a car on a kitchen counter" is a model car */
const TABLETOP = new Set([
  "counter",
  "countertop",
  "kitchen counter",
  "table",
  "tabletop",
  "shelf",
  "台面",
  "桌台",
  "桌面",
  "桌子",
  "桌上",
]);

export function productScale(intent: Intent, detected?: DetectedProduct): ProductScale {
  const scale = scaleOf(intent, detected);
  // a thing of a table's size the brief puts on the floor stands on the room's floor (a
  // garment lies on it instead: its flat lay's surface is the floor the brief names)
  return scale.stands === "table" && intent.layouts.includes("floor") && !scale.lies
    ? { ...scale, stands: "floor" }
    : scale;
}

function scaleOf(intent: Intent, detected?: DetectedProduct): ProductScale {
  const seen = detected && !intent.product ? seenProduct(detected.kind) : null;
  const named: ProductWord | undefined = intent.product ?? seen ?? undefined;
  if (!named)
    return {
      kind: null,
      source: null,
      confidence: null,
      size: REFERENCE_SIZE,
      stands: "table",
      ratio: 1,
    };
  const from = seen
    ? { kind: named.kind, source: detected!.source ?? "photo", confidence: detected!.confidence }
    : { kind: named.kind, source: "prompt" as const, confidence: 1 };
  const onTable =
    intent.layouts.some((l) => l !== "floor") || intent.matched.some((m) => TABLETOP.has(m));
  // "a car on a kitchen counter" is a model car, because the seller said car; a car only seen
  // in the photo is a real one, on the ground whatever the prompt asks it to stand on (issue 28)
  if (named.stands !== "table" && onTable && !seen)
    return { ...from, size: REFERENCE_SIZE, stands: "table", ratio: 1 };
  const ratio = Math.min(15, Math.max(1 / 12, named.size / REFERENCE_SIZE));
  return {
    ...from,
    size: named.size,
    stands: named.stands,
    ratio,
    ...(named.lies ? { lies: true as const } : {}),
  };
}

/** sets that make no sense under a large product: skincare counters, a dish of water */
const INDOOR_SMALL = ["kitchen", "bathroom", "skincare", "spa", "beauty", "cosmetics", "water"];

/** Whether a template can hold a product that stands on `stands`. */
export function templateSuits(t: TemplateDef, stands: Stands): boolean {
  if (stands === "table") return true;
  if (t.tags.includes("water") && t.backdrop !== "outdoor") return false;
  if (stands === "floor") return true;
  // a vehicle: outdoors, or a plain hall (a studio sweep)
  return (
    t.backdrop === "outdoor" ||
    (t.backdrop === "sweep" && !t.tags.some((tag) => INDOOR_SMALL.includes(tag)))
  );
}

/** Defaults when the prompt names no set: rooms and halls for floor-standing things. */
export const DEFAULTS_BY_STANDS: Record<Exclude<Stands, "table">, string[]> = {
  floor: ["studio-white", "morning-window", "minimal-beige", "soft-grey", "oak-table", "linen"],
  ground: [
    "studio-white",
    "city-street",
    "soft-grey",
    "mountain-view",
    "concrete-plinth",
    "desert-dune",
  ],
};
