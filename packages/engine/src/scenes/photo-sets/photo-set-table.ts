// The photographic sets, as data: for each setting of the brief, which of the pack's plates
// stand behind the product and which scanned surfaces it stands on. Assets are chosen by the
// tags of the pack's manifest, so a new plate tagged "kitchen" joins the kitchen set unasked.
import type { Setting } from "../brief-words.ts";

export interface PhotoSetting {
  /** a plate qualifies when it has any of these tags */
  plates: string[];
  /** the ground a vehicle, a bicycle or furniture stands on (surface tags, any of) */
  ground: string[];
  /** the tabletop a small product stands on (surface tags, any of) */
  table: string[];
  /** how far behind the product the plate stands, in product sizes: the lens blurs it by that */
  depth: [number, number];
}

export const PHOTO_SETTINGS: Partial<Record<Setting, PhotoSetting>> = {
  beach: { plates: ["beach"], ground: ["sand"], table: ["sand", "pebbles"], depth: [6, 10] },
  desert: { plates: ["desert"], ground: ["sand", "dry"], table: ["sand"], depth: [7, 12] },
  forest: {
    plates: ["forest"],
    ground: ["moss", "mud", "gravel"],
    table: ["moss", "planks"],
    depth: [5, 9],
  },
  snow: { plates: ["snow"], ground: ["snow"], table: ["snow"], depth: [6, 10] },
  mountain: {
    plates: ["mountain"],
    ground: ["gravel", "slate", "moss"],
    table: ["slate", "moss", "gravel"],
    depth: [7, 12],
  },
  field: {
    plates: ["field", "meadow", "vineyard", "tea"],
    ground: ["grass", "dry"],
    table: ["grass", "planks"],
    depth: [6, 10],
  },
  garden: {
    plates: ["garden", "veranda", "lavender"],
    ground: ["grass", "pavers", "patio"],
    table: ["grass", "planks", "pavers"],
    depth: [5, 8],
  },
  "city-street": {
    plates: ["street", "city"],
    ground: ["asphalt", "cobblestone"],
    table: ["cobblestone", "concrete", "pavers"],
    depth: [6, 10],
  },
  kitchen: {
    plates: ["kitchen"],
    ground: ["oak", "tiles"],
    table: ["carrara", "beige", "table", "subway"],
    depth: [3.5, 5],
  },
  bathroom: {
    plates: ["bathroom", "spa"],
    ground: ["tiles"],
    table: ["carrara", "grey", "ceramic", "terrazzo"],
    depth: [3.5, 5],
  },
  "living-room": {
    plates: ["living room", "loft"],
    ground: ["oak", "pine"],
    table: ["veneer", "oak", "table", "travertine"],
    depth: [3.5, 5],
  },
  bedroom: {
    plates: ["bedroom"],
    ground: ["oak", "pine"],
    table: ["veneer", "table", "linen"],
    depth: [3, 4.5],
  },
  cafe: {
    plates: ["cafe", "restaurant", "bar"],
    ground: ["tiles", "oak"],
    table: ["table", "black", "terrazzo", "checkerboard"],
    depth: [3.5, 5],
  },
  office: {
    plates: ["office", "desk", "workshop"],
    ground: ["concrete", "oak"],
    table: ["veneer", "table", "concrete"],
    depth: [3.5, 5],
  },
};

/**
 * Studio sets keep their seamless paper and acrylic (a real studio's are as flat), but the
 * materials a real studio buys as stone, wood or cloth are the pack's scans of them.
 */
export const SCANNED_MATERIALS: Partial<Record<string, string[]>> = {
  marble: ["marble"],
  wood: ["tabletop", "wood"],
  concrete: ["concrete"],
  terrazzo: ["terrazzo"],
  linen: ["linen"],
  sand: ["sand"],
  asphalt: ["asphalt"],
  plaster: ["plaster"],
};
