// The products the engine can recognise in a photo (detect/), and what each is for the planner:
// its typical size and what it stands on. Where the prompt lexicon has the same product, size
// and footing come from there, so "a sofa" typed and a sofa seen give the same set.
import type { ProductWord, Stands } from "./product-words.ts";
import { productWords } from "./product-words.ts";

/** kind → a word of the lexicon, or [size in metres, stands] for what the lexicon lacks */
const SEEN: Record<string, string | [size: number, stands: Stands]> = {
  // vehicles: on a road or the ground
  car: "car",
  truck: "truck",
  motorcycle: "motorcycle",
  boat: "boat",
  // a bicycle seen with no prompt is shown where it is ridden, on a road or the ground; typed
  // with a room ("a bike in the hallway") the lexicon keeps it on a floor
  bicycle: [1.7, "ground"],
  surfboard: [2, "ground"],
  skateboard: [0.8, "floor"],
  // furniture and large things: on the floor of a room
  chair: "chair",
  sofa: "sofa",
  bed: "bed",
  "dining table": "dining table",
  bench: [1.4, "floor"],
  refrigerator: [1.8, "floor"],
  oven: [0.9, "floor"],
  suitcase: "suitcase",
  // on a table or a shelf
  bottle: "bottle",
  "wine glass": "glass",
  cup: "cup",
  bowl: [0.2, "table"],
  vase: "vase",
  "potted plant": "houseplant",
  handbag: "handbag",
  backpack: "backpack",
  // garments no detector names: the seller picks them (a flat lay at their length)
  "t-shirt": "t-shirt",
  dress: "dress",
  umbrella: [0.9, "table"],
  tie: [0.15, "table"],
  laptop: "laptop",
  monitor: "monitor",
  keyboard: "keyboard",
  "computer mouse": [0.11, "table"],
  remote: [0.18, "table"],
  phone: "phone",
  clock: [0.3, "table"],
  book: [0.24, "table"],
  "teddy bear": "teddy bear",
  toaster: "toaster",
  microwave: [0.5, "table"],
  "hair dryer": [0.25, "table"],
  scissors: [0.2, "table"],
  toothbrush: [0.19, "table"],
  ball: [0.22, "table"],
  frisbee: [0.27, "table"],
  "baseball glove": [0.3, "table"],
  "tennis racket": [0.68, "table"],
  kite: [1, "table"],
  // fruit and food
  banana: [0.2, "table"],
  apple: [0.08, "table"],
  orange: [0.08, "table"],
  broccoli: [0.15, "table"],
  carrot: [0.18, "table"],
  sandwich: [0.12, "table"],
  "hot dog": [0.18, "table"],
  pizza: [0.3, "table"],
  donut: [0.09, "table"],
  cake: [0.22, "table"],
  // named by the cut-out's outline (detect/shape-kind.ts) or chosen by the seller
  box: [0.25, "table"],
  lamp: "lamp",
  candle: [0.1, "table"],
  shoe: "shoe",
};

/** every kind the detector may report */
export const SEEN_KINDS: readonly string[] = Object.keys(SEEN);

/** What a kind seen in the photo is for the planner; null for a kind it does not know (a cut-out
 * stored by another version of the engine). */
export function seenProduct(kind: string): ProductWord | null {
  const row = Object.hasOwn(SEEN, kind) ? SEEN[kind] : undefined;
  if (row === undefined) return null;
  if (Array.isArray(row)) return { kind, size: row[0], stands: row[1] };
  const entry = productWords.find((e) => e.en.includes(row));
  if (!entry?.product) return null;
  const { size, stands, lies } = entry.product;
  return { kind, size, stands, ...(lies ? { lies } : {}) };
}
