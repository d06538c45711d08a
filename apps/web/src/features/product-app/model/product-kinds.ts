// What each kind the seller can pick stands on in the sets, as the engine plans it (its
// scenes/seen-products.ts): shown beside the cut-out so the seller sees why a car gets a road.
import { type ProductKind, ProductKindNames } from "@studio/contracts";

export type Footing = "ground" | "floor" | "table";

const GROUND = new Set<string>(["car", "motorcycle", "bicycle", "truck", "boat"]);
const FLOOR = new Set<string>(["sofa", "chair", "bed", "bench", "refrigerator", "suitcase"]);

/** where a kind stands: a vehicle on the ground, furniture on a floor, the rest on a table */
export function footingOf(kind: string): Footing {
  return GROUND.has(kind) ? "ground" : FLOOR.has(kind) ? "floor" : "table";
}

export const PRODUCT_KINDS: readonly ProductKind[] = ProductKindNames;

/** below this the engine's kind is shown as a guess, for the seller to confirm or change */
export const UNSURE = 0.3;
