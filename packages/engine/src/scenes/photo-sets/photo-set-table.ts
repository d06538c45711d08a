// The photographic sets, as data: for each setting of the brief, which of the pack's plates
// stand behind the product and which scanned surfaces it stands on. Assets are chosen by the
// tags of the pack's manifest, so a new plate tagged "kitchen" joins the kitchen set unasked.

import type { RGB } from "../../types.ts";
import type { PropWord, Setting } from "../brief-words.ts";

export interface PhotoSetting {
  /** a plate qualifies when it has any of these tags */
  plates: string[];
  /** and none of these: a plate tagged so is another place (a forest's lake is a lakeshore) */
  notPlates?: string[];
  /** the ground a vehicle, a bicycle or furniture stands on (surface tags, any of) */
  ground: string[];
  /** the tabletop a small product stands on (surface tags, any of) */
  table: string[];
  /** the colour plain cloth is dyed where the brief names none: a bed's sheets are white (the
   * pack's only linen is pale blue: "on a bed" stood the teddy on a blue band before a white
   * bed) */
  cloth?: RGB;
  /** the colour its scans of a tag are toned to. The pack's one sand scan is packed,
   * grey-brown earth with footprints ("the sand reads as dry earth"): a beach's is paler and
   * warmer. Its snow was shot under an overcast sky, mid-grey: "the teddy in the snow" stood on
   * a grey slab */
  toned?: Partial<Record<string, RGB>>;
  /** how far behind the product the plate stands, in product sizes: the lens blurs it by that */
  depth: [number, number];
  /** a room (its plates are rooms) or outside (its plates are not) */
  indoor: boolean;
  /** scanned props that dress the set beside a small product when the brief names none
   * (words of the pack's prop ids) */
  dressing?: string[];
  /** what the setting's word promises that the pack's plates cannot show: reported unused */
  unserved?: string;
}

/** the brief's prop words the pack's scans can serve (words of the pack's prop ids) */
export const SCANNED_PROPS: Partial<Record<PropWord, string[]>> = {
  fruit: ["kiwi", "lime", "pomgranate"],
  books: ["encyclopedia"],
};

export const PHOTO_SETTINGS: Partial<Record<Setting, PhotoSetting>> = {
  beach: {
    plates: ["beach"],
    ground: ["sand"],
    table: ["sand", "pebbles"],
    toned: { sand: [222, 204, 168] },
    depth: [6, 10],
    indoor: false,
  },
  // the pack has no pool: a stone terrace in the sun above a turquoise sea, the poolside of a
  // resort, is what of it the pack's photographs can give (the pool itself is reported unused)
  pool: {
    plates: ["turquoise", "cliffs", "cliff", "cove"],
    // (no terrazzo: the pack's is drawn, not scanned, its chips "huge" at a terrace's scale)
    ground: ["travertine", "sandstone"],
    table: ["travertine", "ceramic"],
    depth: [6, 10],
    indoor: false,
    unserved: "pool",
  },
  // a lakeshore: the product on a jetty's weathered planks or the shore's pebbles, the water
  // and the far shore behind (a road along a lake is a car's plate, not a lakeshore)
  lake: {
    plates: ["lake", "pier", "pond"],
    notPlates: ["road"],
    ground: ["planks", "pebbles", "grass"],
    table: ["planks", "pebbles"],
    depth: [6, 10],
    indoor: false,
  },
  desert: {
    plates: ["desert"],
    ground: ["sand", "dry"],
    table: ["sand"],
    depth: [7, 12],
    indoor: false,
  },
  forest: {
    plates: ["forest"],
    // (a lake under a mountain with pines on its shore was "not a forest" on the sheet; the
    // forest itself is the panoramas' views, panorama-views.ts)
    notPlates: ["lake"],
    ground: ["moss", "mud", "gravel"],
    table: ["moss", "planks"],
    depth: [5, 9],
    indoor: false,
  },
  snow: {
    plates: ["snow"],
    ground: ["snow"],
    table: ["snow"],
    // (fresh snow in daylight: nearly white, a touch cool)
    toned: { snow: [236, 240, 246] },
    depth: [6, 10],
    indoor: false,
  },
  mountain: {
    plates: ["mountain"],
    ground: ["gravel", "slate", "moss"],
    table: ["slate", "moss", "gravel"],
    depth: [7, 12],
    indoor: false,
  },
  field: {
    plates: ["field", "meadow", "vineyard", "tea"],
    ground: ["grass", "dry"],
    // (a flat lay in a meadow or a garden is a picnic's: on its cloth; a thing that stands
    // is on a garden table's planks, never on the grass as on a table: the pack's 1K grass
    // before a vineyard was "green felt" under a lamp, cut off at a hard line)
    table: ["planks", "picnic"],
    depth: [6, 10],
    indoor: false,
  },
  garden: {
    plates: ["garden", "lavender", "meadow", "vineyard"],
    ground: ["grass", "pavers", "patio"],
    table: ["planks", "pavers", "picnic"],
    depth: [5, 8],
    indoor: false,
    // (not the planter box: a metre long, behind a teddy it stood as a wall of planks)
    dressing: ["watering_can", "wooden_bucket"],
  },
  "city-street": {
    plates: ["street", "city"],
    ground: ["asphalt", "cobblestone"],
    table: ["cobblestone", "concrete", "pavers"],
    depth: [6, 10],
    indoor: false,
  },
  kitchen: {
    plates: ["kitchen"],
    ground: ["oak", "tiles"],
    // (a counter of marble, slate or a worn table: a flat lay's four photos show
    // four of them)
    table: ["carrara", "beige", "table", "concrete", "veined", "slate"],
    depth: [3.5, 5],
    indoor: true,
    dressing: ["kettle", "tea_set_posed", "brass_pot"],
  },
  bathroom: {
    plates: ["bathroom", "spa"],
    ground: ["tiles"],
    table: ["carrara", "grey", "ceramic"],
    depth: [3.5, 5],
    indoor: true,
    dressing: ["ceramic_vase", "potted_plant_04"],
  },
  "living-room": {
    plates: ["living room", "loft"],
    ground: ["oak", "pine"],
    table: ["veneer", "oak", "table", "travertine"],
    // (a sofa's upholstery: "on a sofa" is on its linen, greige, not the pack's pale blue)
    cloth: [206, 200, 190],
    depth: [3.5, 5],
    indoor: true,
    dressing: ["potted_plant_01", "potted_plant_02", "ceramic_vase"],
  },
  bedroom: {
    plates: ["bedroom"],
    ground: ["oak", "pine"],
    // (a nightstand's wood: a band of linen before the bed read as "an invented foreground
    // plane", round 25; "on linen" still gets it, by its word)
    table: ["veneer", "table"],
    cloth: [238, 236, 231],
    depth: [3, 4.5],
    indoor: true,
    dressing: ["ceramic_vase", "potted_plant_04"],
  },
  cafe: {
    plates: ["cafe", "restaurant", "bar"],
    ground: ["tiles", "oak"],
    // (a bistro table's white marble too)
    table: ["table", "black", "checkerboard", "carrara"],
    depth: [3.5, 5],
    indoor: true,
    dressing: ["tea_set_posed", "kiwi"],
  },
  office: {
    // (a workshop's tool wall is no office: "a minimalist office" and "office desk, clean" got it)
    plates: ["office", "desk"],
    ground: ["concrete", "oak"],
    table: ["veneer", "table", "concrete"],
    depth: [3.5, 5],
    indoor: true,
    dressing: ["potted_plant_04"],
  },
};

/**
 * Studio sets keep their seamless paper and acrylic (a real studio's are as flat), but the
 * materials a real studio buys as stone, wood or cloth are the pack's scans of them.
 */
export const SCANNED_MATERIALS: Partial<Record<string, string[]>> = {
  // painted studio shapes are plaster: its scan, tinted to the colour the set wanted
  paper: ["plaster"],
  acrylic: ["plaster"],
  marble: ["marble"],
  wood: ["wood"],
  concrete: ["concrete"],
  // (the pack's terrazzo is generated, not scanned: a terrazzo set's stones are marble unless
  // the brief names terrazzo; its chips on a slab in a bathroom read as drawn)
  terrazzo: ["terrazzo", "marble"],
  linen: ["linen"],
  // drawn water under a product was "a water texture": the pack has no water to stand on. Wet
  // slate is what a studio shoots "fresh" and "water drops" on: dark, and glossy as the water
  // set asks (white tiles before a cyan sweep were "white blocks")
  water: ["slate"],
  sand: ["sand"],
  asphalt: ["asphalt"],
  plaster: ["plaster"],
};
