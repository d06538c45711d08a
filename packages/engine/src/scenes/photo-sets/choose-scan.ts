// Which scanned surface a set stands on, and at what size: the one the brief names by its word
// or its colour, else the place's own, else the colour the drawn set wanted; one tile at about
// its real size, shrunk until its pixels stay sharp.
import { presentEntries } from "../../assets/pack.ts";
import type { PackEntry } from "../../assets/pack.types.ts";
import type { MaterialSpec, SetPlan } from "../../render/set-plan.types.ts";
import type { RGB } from "../../types.ts";
import type { PhotoContext } from "./photo-context.ts";
import { type PhotoSetting, SCANNED_MATERIALS } from "./photo-set-table.ts";

/** a tile at most this many product sizes wide is sharp in the frame (a 1024 px scan) */
const SHARP_TILE = 2.5;

/** surfaces with no size a viewer knows (sand, earth, a stone's veins, a weave): a tile of
 * them may shrink much further than planks or cobbles before anyone sees it */
const SIZELESS = new Set([
  "sand",
  "soil",
  "earth",
  "dirt",
  "mud",
  "marble",
  "onyx",
  "travertine",
  "concrete",
  "cement",
  "linen",
  "leather",
  "snow",
  "moss",
]);

/**
 * One tile of a scan, in product sizes: its real size, unless that blows its pixels up. Under
 * an 8 cm stone a 1 m tile of sand shows 18 cm of itself across a 1024 px frame, each pixel
 * five times over: a blur that says "computer" (a reviewer: "the dirt smeared and soft while
 * the object's pores are crisp, in the same plane"). The tile shrinks until it is sharp (a
 * 2048 px scan may stay twice as wide), but planks and cobbles to no less than a third of
 * their size (planks stay planks); sand, earth, marble and cloth to a tenth.
 */
function tileSize(real: number, entry: PackEntry): number {
  const sharp = SHARP_TILE * Math.max(1, entry.width / 1024);
  const floor = entry.tags.en.some((t) => SIZELESS.has(t)) ? real / 10 : real / 3;
  return Math.min(real, Math.max(sharp, floor));
}

/** a scanned texture as a set's material, one tile at about its real size */
export function scanMaterial(
  entry: PackEntry,
  ctx: PhotoContext,
  base?: MaterialSpec,
): MaterialSpec {
  return {
    kind: "scan",
    texture: entry.id,
    color: [255, 255, 255],
    accent: base?.accent ?? [255, 255, 255],
    scale: tileSize((entry.surface?.tileCm ?? 100) / 100 / ctx.metresPerUnit, entry),
    gloss: entry.surface?.glossy ? Math.max(0.18, base?.gloss ?? 0) : 0.02,
    sheen: sheenOf(entry),
    ...woodSaturation(entry),
    ...dyedTo(entry, ctx.color),
  };
}

/** the saturation (max − min over max, sRGB) of the pack's photographed wooden tables, at
 * most: the hotel's side table and the wooden desk read 0.48, the restaurant's and the loft's
 * 0.21-0.27 */
const PHOTOGRAPHED_WOOD = 0.55;

/**
 * A wood scan's colours brought towards what a camera sees of wood in a room: ambientCG's
 * colour maps are the bare albedo, the rosewood's mean 0.85 saturated and the worn table's
 * 0.75, and before a dark room, where the sheen adds little, they rendered as orange tables
 * (the sheen alone brought them to 0.35-0.47 before a bright one).
 */
function woodSaturation(entry: PackEntry): Pick<MaterialSpec, "saturation"> {
  const c = entry.surface?.color;
  if (!c || !entry.tags.en.some((t) => SCANNED_MATERIALS.wood!.includes(t))) return {};
  const max = Math.max(...c);
  const sat = max > 0 ? (max - Math.min(...c)) / max : 0;
  return sat > PHOTOGRAPHED_WOOD ? { saturation: PHOTOGRAPHED_WOOD / sat } : {};
}

/** loose and soft surfaces scatter light every way: little sheen even at a grazing angle */
const ROUGH = new Set([
  "sand",
  "soil",
  "earth",
  "dirt",
  "mud",
  "grass",
  "moss",
  "gravel",
  "pebbles",
  "snow",
  "linen",
  "fabric",
  "textile",
]);

/**
 * A matte scan's sheen: seen from eye level, a real table mirrors the room behind it, blurred
 * (ambientCG's colour maps are the bare albedo: the worn table and the rosewood rendered at a
 * saturation of 0.73-0.87 where the pack's photographed tables read 0.48). A glossy scan
 * mirrors the set itself instead (its gloss).
 */
function sheenOf(entry: PackEntry): number {
  if (entry.surface?.glossy) return 0;
  return entry.tags.en.some((t) => ROUGH.has(t)) ? 0.3 : 1;
}

/** plain cloth and leather come in any colour: their scan is dyed to the one the brief named */
const DYED = new Set(["linen", "cotton", "leather", "felt", "canvas"]);
/** a pattern would change with its ground: the red-and-cream gingham stays red and cream */
const PATTERNED = new Set(["gingham", "checked", "striped"]);

/**
 * "White linen" when the pack's only linen is pale blue: the blue weave dyed white, as a
 * seller would buy the cloth, instead of a blue the brief never asked for. Only plain cloth
 * and leather (a stone or a wood has the colour it grew with), and only when the scan is
 * further from the colour than the pack's scans of one colour are from each other.
 */
function dyedTo(
  entry: PackEntry,
  want: RGB | undefined,
): Partial<Pick<MaterialSpec, "color" | "gain">> {
  const tags = entry.tags.en;
  if (!want || !tags.some((t) => DYED.has(t)) || tags.some((t) => PATTERNED.has(t))) return {};
  return colourDistance(entry, want) > SAME_COLOUR ? tintTowards(entry, want) : {};
}

/**
 * The scanned surface the product stands on in a photographed place: one the brief named
 * (marble, wood) among the place's own, else the template's own where the place has it (an
 * oak-table template gets oak), else any of the place's; a different one in each shot. A flat
 * lay shows its surface and nothing of the template, so it takes any of the place's: held to
 * the template's, a café's four flat lays were the same worn table four times.
 */
export function settingSurface(
  plan: SetPlan,
  setting: PhotoSetting,
  onTable: boolean,
  ctx: PhotoContext,
): MaterialSpec | undefined {
  const named = ctx.material ? SCANNED_MATERIALS[ctx.material] : undefined;
  const own = PAINTED.has(plan.floor.kind) ? undefined : SCANNED_MATERIALS[plan.floor.kind];
  const all = presentEntries("surface");
  const ofSetting = firmUnderTopView(
    plan,
    // (outdoors a small thing stands on the garden's pavers or the beach's sand itself)
    onTable && setting.indoor
      ? tabletops(withTags(all, setting.table))
      : withTags(all, onTable ? setting.table : setting.ground),
  );
  // a flat lay's word may name any of the pack's tabletops, not only the place's: a "rustic
  // kitchen counter" is the worn table, the weathered planks or the gingham cloth, where the
  // kitchen's own gave the worn table four times. Outdoors it keeps to the place's ground: "on
  // the beach" laid a stone on marble, moss and onyx, none of them the beach's
  // (a named material on a table is no floor's tiles of it: "a marble kitchen island" laid
  // bananas on a checkerboard of marble floor tiles; an oak floor's planks make a fine table)
  const wordable = named
    ? ofMaterial(
        onTable && setting.indoor ? all.filter((e) => !e.tags.en.includes("tiles")) : all,
        named,
      )
    : plan.lying && setting.indoor
      ? [...new Set([...ofSetting, ...firmUnderTopView(plan, tabletops(all))])]
      : ofSetting;
  // a ground cover the brief names is the ground, whatever the place's tables are (before the
  // scans its other words name: a "zen stone"'s word named every scan tagged "stone"); and a
  // cloth it names spread on it is what the product lies on: "a banana on a picnic blanket on
  // the grass" lay on the grass, which a flat lay shows as felt
  const loose = named ? [] : looseNamed(all, ctx.prompt);
  const cloth = loose.length ? namedByWord(withTags(all, ["fabric"]), ctx.prompt) : [];
  const worded = namedByWord(wordable, ctx.prompt);
  // the first of these the brief's words fill; a material named without a scan of its own
  // takes the pack's others; else the template's own material, else the place's
  const surfaces =
    firstFilled(cloth, loose, worded) ??
    (named
      ? ofNamed(ofMaterial(ofSetting, named), ofMaterial(all, named), onTable && setting.indoor)
      : (firstFilled(own && (!plan.lying || ctx.pinned) ? withTags(ofSetting, own) : []) ??
        ofSetting));
  // a colour the brief named keeps to the scans of that colour ("white marble": no beige)
  const fine = fineForTopView(plan, surfaces);
  const fits = ctx.color ? ofColour(fine, ctx.color) : fine;
  // (one step a shot: at three a shot, a setting with three scans showed the same one four
  // times, a garden's cobblestones)
  const chosen = fits[(ctx.seed + ctx.variant) % fits.length];
  if (!chosen) return undefined;
  const scanned = scanMaterial(chosen, { ...ctx, color: ctx.color ?? setting.cloth }, plan.floor);
  const tone = chosen.tags.en.map((t) => setting.toned?.[t]).find((c) => c !== undefined);
  return tone ? { ...scanned, ...tintTowards(chosen, tone) } : scanned;
}

/** the first list with something in it */
function firstFilled(...lists: PackEntry[][]): PackEntry[] | undefined {
  return lists.find((l) => l.length > 0);
}

/**
 * The scans of a material the brief named: the place's own; at a room's table, with the pack's
 * other tabletops of it when the room has one only ("木质砧板", a wooden board in a kitchen,
 * was its worn table four times). Outdoors the place keeps its ground: a jetty's wood is its
 * planks, never a table's.
 */
function ofNamed(own: PackEntry[], any: PackEntry[], roomTable: boolean): PackEntry[] {
  if (!roomTable) return own.length ? own : any;
  return own.length > 1 ? own : [...new Set([...own, ...tabletops(any)])];
}

/** a scan with any of these tags is laid on a floor or the ground, not on a table */
const FLOORING = ["tiles", "blocks", "floor", "ground", "pavers"];

/**
 * The scans of a room's table that a table could be made of: a kitchen's "beige" gave the
 * lamp a counter of marble slabs with grout lines ("the desk is really floor tiles, which puts
 * the lamp at an odd size") and the pack's dry soil. A scan tagged as a tabletop stays, whatever
 * else it is; none left, all of them.
 */
function tabletops(entries: PackEntry[]): PackEntry[] {
  const fit = entries.filter(
    (e) =>
      e.tags.en.some((t) => t === "tabletop" || t === "table") ||
      !e.tags.en.some((t) => FLOORING.includes(t)),
  );
  return fit.length ? fit : entries;
}

/**
 * A flat lay looks steeply down at its surface, a hand's width of it filling the frame: the
 * pack's grass (a 1K scan) is then as soft as felt ("the book on felt"). Its other surfaces,
 * when the setting has any (a meadow's planks, a garden's pavers).
 */
function firmUnderTopView(plan: SetPlan, entries: PackEntry[]): PackEntry[] {
  if (!plan.lying) return entries;
  const firm = entries.filter((e) => !e.tags.en.includes("grass"));
  return firm.length ? firm : entries;
}

/**
 * The least pixels a centimetre a scan needs under a flat lay, which shows a hand's width or two
 * of it across the frame: the pack's 1K floorboards, concretes and asphalt (2–5 px/cm) were
 * "smeared and upscaled" under a banana (round 22).
 */
const TOP_VIEW_PX_PER_CM = 6;

/**
 * Under a flat lay, the scans fine enough to be seen that close, when any of `entries` is ("on
 * wood" is the planks, the veneer or a table's top, not the floorboards); else all of them ("on
 * oak" has only the floorboards, and gets them).
 */
export function fineForTopView(plan: SetPlan, entries: PackEntry[]): PackEntry[] {
  if (!plan.lying) return entries;
  const fine = entries.filter((e) => e.width / (e.surface?.tileCm ?? 100) >= TOP_VIEW_PX_PER_CM);
  return fine.length ? fine : entries;
}

/** colour and gain that turn a scan's average colour into `want` (sRGB) */
export function tintTowards(e: PackEntry, want: RGB) {
  const own = e.surface?.color ?? [200, 200, 200];
  const lin = (c: number) => (c / 255) ** 2.2;
  const k = [0, 1, 2].map((c) => lin(want[c]!) / Math.max(1e-3, lin(own[c]!)));
  const gain = Math.max(k[0]!, k[1]!, k[2]!);
  const color = k.map((v) => Math.round(255 * (v / gain) ** (1 / 2.2))) as [number, number, number];
  return { color, gain };
}

/** drawn materials that are paint, not a material of their own */
const PAINTED = new Set(["paper", "acrylic", "plaster"]);

export function withTags(entries: PackEntry[], tags: string[]): PackEntry[] {
  return entries.filter((e) => e.tags.en.some((t) => tags.includes(t)));
}

/**
 * The scans of a material the brief named, those that are first of all that material when
 * there are any: "on marble" is the marbles, not the banded amber-and-blue onyx the manifest
 * also tags marble ("garish" under the boxes, twice on one sheet). A scan's first tag says
 * what it is. The onyx is still there for "onyx".
 */
function ofMaterial(entries: PackEntry[], tags: string[]): PackEntry[] {
  const tagged = withTags(entries, tags);
  const primary = tagged.filter((e) => tags.includes(e.tags.en[0] ?? ""));
  return primary.length ? primary : tagged;
}

/** words that say what a surface is for, not which one it is; and the light's, not a scan's
 * ("a kitchen counter, bright morning" laid the banana on the one scan tagged bright, 4 times) */
const GENERIC = new Set([
  ...["table", "tabletop", "floor", "counter", "desk", "wall", "surface"],
  ...["bright", "clean", "light"],
]);
/** the same in Chinese: "咖啡馆的桌子", a café's table, named the worn walnut table four times */
const ZH_GENERIC = new Set(["桌子", "桌面", "台面", "地板", "地面", "墙", "墙面", "表面"]);

/** ground covers, what a product is laid or stood on indoors or out when the brief names them:
 * the scans' tag, and the Chinese words for it ("玩具熊在草地上", a teddy on the grass, stood on
 * a garden's planks) */
const LOOSE: Record<string, string[]> = {
  gravel: ["砾石", "碎石", "石子"],
  pebbles: ["鹅卵石", "卵石"],
  grass: ["草地", "草坪"],
  slate: ["板岩", "石板"],
};

/**
 * A ground cover the brief names, in a set with no place of the pack's ("zen stone on raked
 * gravel": a spa's studio laid it on marble and onyx): its scan, a different one a shot.
 */
export function looseGround(plan: SetPlan, ctx: PhotoContext): MaterialSpec | undefined {
  const found = fineForTopView(plan, looseNamed(presentEntries("surface"), ctx.prompt));
  const chosen = found[(ctx.seed + ctx.variant) % Math.max(1, found.length)];
  return chosen ? scanMaterial(chosen, ctx, plan.floor) : undefined;
}

/** the pack's scans of the ground covers the brief names ("raked gravel": not its "brown") */
function looseNamed(entries: PackEntry[], prompt: string): PackEntry[] {
  const text = prompt.toLowerCase();
  const words = new Set(text.split(/[^\p{L}]+/u));
  const asked = Object.entries(LOOSE)
    .filter(([tag, zh]) => words.has(tag) || zh.some((w) => text.includes(w)))
    .map(([tag]) => tag);
  return withTags(entries, asked);
}

/**
 * The scans the brief names by their own words, most words first: "an oak table" is the oak
 * scan, not the kitchen's usual worn walnut. English tags as whole words, Chinese as text.
 */
function namedByWord(entries: PackEntry[], prompt: string): PackEntry[] {
  const text = prompt.toLowerCase();
  // (and a plural's singular: "on the rocks" is the slate and the moss on rock)
  const words = new Set(
    text
      .split(/[^\p{L}]+/u)
      .flatMap((w) => (/^[a-z]{3,}[^s]s$/.test(w) ? [w, w.slice(0, -1)] : [w]))
      .filter((w) => !GENERIC.has(w)),
  );
  const said = (e: PackEntry) =>
    e.tags.en.filter((t) => words.has(t)).length +
    e.tags.zh.filter((t) => t.length > 1 && !ZH_GENERIC.has(t) && text.includes(t)).length;
  const best = Math.max(0, ...entries.map(said));
  return best ? entries.filter((e) => said(e) === best) : [];
}

/** how much further in colour (sum over R, G, B) than the closest a scan may be and pass */
const SAME_COLOUR = 90;

const colourDistance = (e: PackEntry, want: RGB) => {
  const c = e.surface?.color ?? [128, 128, 128];
  return Math.abs(c[0] - want[0]) + Math.abs(c[1] - want[1]) + Math.abs(c[2] - want[2]);
};

/** the scans of about the colour wanted, closest first */
function ofColour(entries: PackEntry[], want: RGB): PackEntry[] {
  const ranked = [...entries].sort(
    (a, b) => colourDistance(a, want) - colourDistance(b, want) || a.id.localeCompare(b.id),
  );
  const best = ranked[0] ? colourDistance(ranked[0], want) : 0;
  return ranked.filter((e) => colourDistance(e, want) <= best + SAME_COLOUR);
}

/**
 * The scanned surface closest in colour to what the set wanted, varied by variant: odd shots
 * take the second closest when it is near that colour too (never a pink checker for "black").
 */
export function nearestInColor(
  entries: PackEntry[],
  want: RGB,
  variant: number,
): PackEntry | undefined {
  const near = ofColour(entries, want);
  return near[Math.min(near.length - 1, variant % 2)];
}
