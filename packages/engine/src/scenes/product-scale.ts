// How big the product is in the world, and so what kind of set suits it. The planner keeps the
// product's larger side at 1 world unit; everything sized in the world (texture grain, props,
// decorative shapes, depth of field) is scaled by how the product compares with the size the
// sets were tuned at, and the sets themselves are chosen by what the product stands on.
import type { Intent } from "./parse-prompt.ts";
import { REFERENCE_SIZE, type Stands } from "./product-words.ts";
import type { TemplateDef } from "./template.types.ts";

export interface ProductScale {
  /** the product named in the prompt, if any */
  kind: string | null;
  /** largest side, metres */
  size: number;
  stands: Stands;
  /** size / REFERENCE_SIZE, bounded to what the sets still look right at */
  ratio: number;
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

export function productScale(intent: Intent): ProductScale {
  const named = intent.product;
  if (!named) return { kind: null, size: REFERENCE_SIZE, stands: "table", ratio: 1 };
  const onTable =
    intent.layouts.some((l) => l !== "floor") || intent.matched.some((m) => TABLETOP.has(m));
  if (named.stands !== "table" && onTable)
    return { kind: named.kind, size: REFERENCE_SIZE, stands: "table", ratio: 1 };
  const ratio = Math.min(15, Math.max(1 / 12, named.size / REFERENCE_SIZE));
  return { kind: named.kind, size: named.size, stands: named.stands, ratio };
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
