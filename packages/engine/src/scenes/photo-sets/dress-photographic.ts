// Turns a drawn set into a photographic one when the pack is on this install: the plate of the
// setting behind the product, a scanned surface under it at real scale, the set's light taken
// from the plate, and the drawn props the pack cannot serve left out (and reported).
import { isPhotographed, presentEntries, setsArePhotographic } from "../../assets/pack.ts";
import type { PackEntry, PlateNotes } from "../../assets/pack.types.ts";
import { servableProps } from "../../assets/props/prop-library.ts";
import { makeCamera } from "../../render/camera.ts";
import { rng } from "../../render/noise.ts";
import type { MaterialSpec, ScannedProp, SetPlan } from "../../render/set-plan.types.ts";
import type { PropWord } from "../brief-words.ts";
import {
  fineForTopView,
  looseGround,
  nearestInColor,
  scanMaterial,
  settingSurface,
  tintTowards,
  withTags,
} from "./choose-scan.ts";
import type { PhotoContext } from "./photo-context.ts";
import { PHOTO_SETTINGS, SCANNED_MATERIALS, SCANNED_PROPS } from "./photo-set-table.ts";

/** drawn kinds that are paint: their scan is a smooth plaster (the rough limewash dyed deep
 * red was "a red flocked cylinder") */
const PAINT = new Set(["paper", "acrylic"]);

export function dressPhotographic(plan: SetPlan, ctx: PhotoContext): SetPlan {
  if (!setsArePhotographic()) return plan;
  const r = rng((ctx.seed * 7919 + ctx.variant * 104729) >>> 0);
  const pick = (list: PackEntry[]) => list[(ctx.seed + ctx.variant) % list.length];
  const scan = (entry: PackEntry, base?: MaterialSpec) => scanMaterial(entry, ctx, base);
  const rescan = (m: MaterialSpec, kinds: "surface" | "wall"): MaterialSpec => {
    const tags = SCANNED_MATERIALS[m.kind];
    if (!tags) return m;
    const found = fineForTopView(
      plan,
      withTags(
        [...presentEntries(kinds), ...(kinds === "surface" ? presentEntries("wall") : [])],
        tags,
      ).filter((e) => isPhotographed(e) && !(PAINT.has(m.kind) && e.tags.en.includes("rough"))),
    );
    // variants and their stages differ: pick by the colour the set wanted, then by variant.
    // The brief's own colour rules the surface ("black marble" is the black scan): the drawn
    // set lightens a named colour for a painted floor, which chose a pink-and-black checker.
    const want = kinds === "surface" && ctx.color ? ctx.color : m.color;
    const chosen = nearestInColor(found, want, ctx.variant);
    if (!chosen) return m;
    const scanned = scan(chosen, m);
    // a painted shape keeps the colour the set wanted, on the plaster's own texture
    return m.kind === "paper" || m.kind === "acrylic" || m.kind === "plaster"
      ? { ...scanned, ...tintTowards(chosen, m.color) }
      : scanned;
  };
  const setting = ctx.setting ? PHOTO_SETTINGS[ctx.setting] : undefined;
  // (the hour before the kind: the one evening bedroom has lamps, and a lamp's night was day)
  const plates = setting
    ? withoutOwnKind(
        plan.brief?.product,
        byTime(
          withoutSnow(
            withTags(presentEntries("plate"), setting.plates).filter(
              (e) =>
                !e.plate?.unfit &&
                e.plate?.indoor === setting.indoor &&
                !setting.notPlates?.some((t) => e.tags.en.includes(t)),
            ),
            ctx.setting === "snow",
          ),
          ctx.time,
          setting.indoor,
        ),
      )
    : [];
  const props = plan.props.map((p) =>
    p.thing ? p : { ...p, material: rescan(p.material, "surface") },
  );
  // the props the brief asked for: scans where the pack has them, else left out and reported
  const wanted = [...new Set(props.filter((p) => p.thing).map((p) => p.thing!))];
  // (seen from above, the scans' own top views read as flat cut-outs: a flat lay keeps to the
  // product on its surface)
  const small = (plan.brief?.stands ?? "table") === "table" && !plan.lying;
  // (what the set itself suggested, unasked — coffee beans at a café — gives way to the
  // place's own dressing below)
  const served = small
    ? wanted.filter(
        (w) =>
          ctx.asked.includes(w as PropWord) &&
          servableProps(SCANNED_PROPS[w as PropWord] ?? []).length,
      )
    : [];
  // only what the seller asked for is reported; the set's own suggestions just go
  const dropped = wanted.filter((w) => !served.includes(w) && ctx.asked.includes(w as PropWord));
  // a small product in a furnished place, with no props asked for: one of the place's own
  // things beside it in every other shot, as a stylist would
  // (never taller than the product itself: the product stays the subject)
  const productCm = ctx.metresPerUnit * plan.productSize.height * 100;
  const dressing =
    small && !ctx.asked.length && setting?.dressing && ctx.variant % 2 === 0
      ? servableProps(setting.dressing).filter((e) => (e.prop?.heightCm ?? 0) <= productCm * 1.1)
      : [];
  const unserved = ctx.setting ? PHOTO_SETTINGS[ctx.setting]?.unserved : undefined;
  const base: SetPlan = {
    ...plan,
    props: props.filter((p) => !p.thing),
    ...(served.length || dressing.length
      ? { scanned: placeScans(plan, pickScans(served, dressing, ctx), ctx) }
      : {}),
    brief: {
      shot: plan.brief?.shot ?? "eye-level",
      setting: plan.brief?.setting ?? "studio",
      ...plan.brief,
      things: served as PropWord[],
      sets: "photographic",
      // a setting the pack only comes near (a terrace by the sea for a pool) says so
      unusedThings: [...new Set([...dropped, ...(unserved ? [unserved] : [])])],
    },
  };
  if (!setting || !plates.length || plan.lying) {
    // seen from above, the place is its surface: a kitchen's counter, a café's table
    const own =
      setting && plan.lying ? settingSurface(plan, setting, true, ctx) : looseGround(plan, ctx);
    // a studio is lit as one of the pack's photographed studios is: its key's height, its
    // colour, soft for a softbox and hard for a spotlight, from the side the product was lit
    const studio = pick(withTags(presentEntries("panorama"), ["photo studio"]));
    const pano = studio?.panorama;
    const flat: SetPlan = {
      ...base,
      // a flat lay's corners darkened read as "an artificial vignette" in four of eight
      // reviewed photos: a phone or a modern lens over a table shows next to none
      ...(plan.lying ? { vignette: Math.min(plan.vignette, FLAT_LAY_VIGNETTE) } : {}),
      // seamless paper is smooth in a real studio too: only shapes become scanned plaster
      floor: own ?? (plan.floor.kind === "paper" ? plan.floor : rescan(plan.floor, "surface")),
      wall: plan.backdrop === "sweep" ? plan.wall : rescan(plan.wall, "wall"),
      ...(pano && !ctx.lightAsked
        ? {
            light: {
              ...plan.light,
              elevationDeg: Math.min(70, Math.max(18, pano.lightElevation)),
              azimuthDeg:
                (ctx.lightSide ? Math.sign(ctx.lightSide) : Math.sign(plan.light.azimuthDeg) || 1) *
                Math.max(20, Math.abs(plan.light.azimuthDeg)),
              temperatureK: Math.min(6500, Math.max(4500, pano.kelvin)),
              softness: studio.tags.en.includes("spotlight")
                ? 0.3
                : Math.max(plan.light.softness, 0.55),
            },
            brief: { ...base.brief!, panorama: studio.id },
          }
        : {}),
    };
    // outdoors, nothing casts a window's shadow across the sand; and a flat lay keeps a
    // window's, blinds' or leaves' shadows only where the brief named them: beside the
    // product's own soft shadow they tell two lights apart, and put there for an hour's sake
    // ("morning", "golden hour") they never crossed the product, whose pixels are never
    // repainted: a reviewer saw them "stop short of the chip" (round 23)
    const noPattern = (own && setting && !setting.indoor) || (plan.lying && !ctx.goboAsked);
    return noPattern ? { ...flat, light: { ...flat.light, gobo: "none" } } : flat;
  }
  const plate = pick(plates)!;
  const notes = plate.plate!;
  // the plate's light comes from the side the product's photo was lit from: a plate lit the
  // other way is mirrored (a window on the left becomes one on the right)
  const side = Math.abs(ctx.lightSide) >= 0.1 ? Math.sign(ctx.lightSide) : 0;
  // a plate lit from the front may be mirrored either way. A setting with fewer plates than
  // shots shows one plate again, framed elsewhere across its width (cropShift); only where the
  // crop is held to one side, away from people or signs, is every other repeat mirrored, or the
  // only desert plate gave four identical backgrounds. Elsewhere a mirrored repeat sat beside
  // its original: Mt Hood and its mirror image in one set of four, which no camera takes
  const frontLit = Math.abs(notes.lightAzimuth) <= 10;
  const repeated = plates.length < 4 && Math.floor(ctx.variant / plates.length) % 2 === 1;
  const mirror = frontLit
    ? repeated && notes.avoid.length > 0
    : side !== 0 && Math.sign(notes.lightAzimuth) !== side;
  const plateAzimuth = mirror ? -notes.lightAzimuth : notes.lightAzimuth;
  const azimuth = side
    ? side * Math.max(25, Math.abs(plateAzimuth))
    : plateAzimuth * 0.8 + plan.light.azimuthDeg * 0.2;
  const standsOnTable = (plan.brief?.stands ?? "table") === "table";
  const floor = settingSurface(plan, setting, standsOnTable, ctx) ?? plan.floor;
  const depth = setting.depth[0] + (setting.depth[1] - setting.depth[0]) * r();
  const { outdoor: _drawnScenery, ...rest } = base;
  // a photographed place has no decorative spheres and blocks unless the brief asked for them
  rest.props = ctx.shapesAsked ? rest.props : rest.props.filter((p) => p.stage);
  return {
    ...rest,
    backdrop: "wall",
    wallZ: depth,
    floor,
    backPlate: {
      id: plate.id,
      horizon: notes.horizon,
      shift: cropShift(notes, ctx.variant, plates.length) * (mirror ? -1 : 1),
      mirror,
      matchGround: !notes.indoor && notes.ground !== "none" && !standsOnTable,
      ...(notes.defocus ? { defocus: notes.defocus } : {}),
      ...(standsOnTable ? { tableEdgeZ: tableEdge(rest, ctx, depth) } : {}),
    },
    light: {
      ...plan.light,
      // the plate's own light: the key comes from its side, at its colour
      azimuthDeg: azimuth,
      // a plate's average colour overstates its light's (a blue sky is not a blue sun)
      temperatureK: Math.min(7500, Math.max(3000, notes.kelvin)),
      glow: 0,
      ...(afterDark(plate) ? { pool: poolAfterDark(plate) } : {}),
      gobo: "none",
      // a room is lit by its windows (soft), outdoors by the sun (harder)
      softness: notes.indoor
        ? Math.max(plan.light.softness, 0.6)
        : Math.min(plan.light.softness, 0.4),
    },
    camera: {
      ...plan.camera,
      // the plate's horizon stays in the frame: a photo from the same height; a thing on the
      // ground is shot by someone standing on it
      pitchDeg: standsOnTable
        ? Math.min(plan.camera.pitchDeg, 12)
        : pitchFromEyeHeight(rest, Math.min(plan.camera.pitchDeg, 12), ctx.metresPerUnit),
      // soft enough to keep the product the subject, sharp enough that the place still reads;
      // a large thing is shot from further off, so at the same f-number and framing the blur
      // falls as its size grows (the same blur round a car as round a lamp is a tilt-shift
      // miniature: "reads as a toy"; at the square root of it, "a sharp band of asphalt with
      // the road blurred above and below it: fake depth blur")
      aperture:
        Math.min(Math.max(plan.camera.aperture, 0.45), notes.indoor ? 0.7 : 0.6) *
        Math.min(1, DEEP_FROM_M / ctx.metresPerUnit),
    },
    vignette: Math.min(plan.vignette, 0.15),
    brief: { ...base.brief!, plate: plate.id },
  };
}

/** the highest a photographer's camera stands over the ground a thing stands on, metres */
const EYE_HEIGHT_M = 1.7;

/**
 * The steepest pitch up to `pitch` whose camera stays at eye height: a car seen at 12° from
 * its framing distance was shot from 4 m up, and half the frame was the asphalt before it.
 */
function pitchFromEyeHeight(plan: SetPlan, pitch: number, metresPerUnit: number): number {
  for (let p = pitch; p > 0; p -= 0.5) {
    const cam = makeCamera({ ...plan, camera: { ...plan.camera, pitchDeg: p } }, 64, 64);
    if (cam.oy * metresPerUnit <= EYE_HEIGHT_M) return p;
  }
  return 0;
}

/** a product larger than this (metres) is shot from further off, with deeper focus */
const DEEP_FROM_M = 0.6;

/** how far a table runs on behind the product, in metres, by shot */
const TABLE_BEHIND_M = [0.45, 0.3, 0.6, 0.38];

/**
 * Where the table's back edge runs: a real distance behind the product (a desk runs on 30–60
 * cm), behind the product itself and any scans beside it, and well short of the room behind.
 * A photo of a thing on a table shows that edge as a line, the room beyond it soft; a table
 * that fades into the room's floor is what gave the set away.
 */
function tableEdge(plan: SetPlan, ctx: PhotoContext, wallZ: number): number {
  const behind = TABLE_BEHIND_M[ctx.variant % TABLE_BEHIND_M.length]! / ctx.metresPerUnit;
  const clear = Math.max(
    plan.productSize.depth / 2 + 0.15,
    ...(plan.scanned ?? []).map((s) => s.z + s.height * 0.4 + 0.1),
  );
  return Math.min(Math.max(behind, clear), wallZ * 0.6);
}

/**
 * Which part of a wide plate the frame shows: away from what it must not show sharp (people,
 * signs), else a different part in each variant.
 */
function cropShift(notes: PlateNotes, variant: number, plates: number): number {
  if (notes.avoid.length) {
    const centre = notes.avoid.reduce((s, a) => s + (a[0] + a[2]) / 2, 0) / notes.avoid.length;
    // the far side, a step nearer the middle in every other shot
    return (centre < 0.5 ? 1 : -1) * (variant % 4 < 2 ? 1 : 0.8);
  }
  // a plate shown n times in one set of four (the setting has fewer plates than shots) is
  // framed n ways spread across its slack: the city's dusk skyline came out twice, crop for
  // crop, centred and 0.35 off centre; a mountain lake shown four times had two crops alike
  const v = variant % SHOTS;
  const n = Math.ceil((SHOTS - (v % plates)) / plates);
  if (n < 2) return SHIFTS[v]!;
  return -0.9 + (1.8 * Math.floor(v / plates)) / (n - 1);
}

/** shots in a set */
const SHOTS = 4;

/** where a plate's crop sits in its slack, shot by shot (-1 left edge, 1 right edge) */
const SHIFTS = [0, -0.7, 0.7, -0.35];

/** a plate's tags that say it was taken at that hour (a room's "bright" or "window light" is
 * a morning's: "soft morning light" in a nursery gave two dim bedrooms of four) */
const HOURS: Record<string, string[]> = {
  night: ["night", "dusk", "evening"],
  golden: ["sunset", "golden hour", "dusk", "alpenglow", "sunrise", "evening"],
  morning: ["sunrise", "morning", "mist", "fog", "bright", "window light"],
  noon: ["day", "summer", "sunny", "bright"],
};

/** what a plate shot after the sun went down is tagged with */
const AFTER_DARK = ["night", "dusk", "evening", "sunset", "alpenglow"];
const afterDark = (e: PackEntry) => e.tags.en.some((t) => AFTER_DARK.includes(t));
/** the most vignette a photographic flat lay keeps */
const FLAT_LAY_VIGNETTE = 0.04;

/**
 * How strongly the product's light pools round its foot on a plate after dark (render/shade.ts:
 * the ground away from it keeps 1 − this of the set's light): at night the street is dark
 * round the pool; at dusk half lit; at sunset the sky still lights it.
 */
const POOL_BY_HOUR: [tags: string[], pool: number][] = [
  [["night"], 0.8],
  [["dusk", "evening"], 0.55],
  [["sunset", "alpenglow"], 0.35],
];
function poolAfterDark(e: PackEntry): number {
  return POOL_BY_HOUR.find(([tags]) => e.tags.en.some((t) => tags.includes(t)))?.[1] ?? 0.55;
}

/**
 * The plates of the hour the brief asked for: only those when there are two or more (a street
 * "at night" in daylight is the brief ignored), else those first and the others after. Asked
 * for no hour, the daylight plates when there are two or more (else those first): the
 * product's own photo was lit by day or in a studio, and before a skyline at dusk it kept its
 * daylight (a reviewer: "the boxes' lighting ignores the night city"). Indoors one daylit room
 * framed four ways is enough: a teddy "on a wooden floor by the window" stood before a neon
 * bar at night in two shots of four (a street at dusk is still a street; a bar is no nursery).
 */
function byTime(plates: PackEntry[], time: PhotoContext["time"], indoor: boolean): PackEntry[] {
  if (!time) {
    const day = plates.filter((e) => !afterDark(e));
    return day.length >= (indoor ? 1 : 2) ? day : [...day, ...plates.filter(afterDark)];
  }
  const tags = HOURS[time] ?? [];
  const fits = (e: PackEntry) => e.tags.en.some((t) => tags.includes(t));
  // (at night, with no plate of the night, the nearest: one taken after the sun went down)
  const fitting = plates.filter(time === "night" ? (e) => fits(e) || afterDark(e) : fits);
  // the hour the seller asked for, in every shot, even from one plate (cropped and mirrored
  // differently): three of "a snowy forest at night" were at noon
  return fitting.length ? fitting : plates;
}

const SNOWY = ["snow", "snowy", "winter"];

/** a forest or a mountain in the snow only when the brief asked for snow (if others remain) */
function withoutSnow(plates: PackEntry[], snowAsked: boolean): PackEntry[] {
  if (snowAsked) return plates;
  const green = plates.filter((e) => !e.tags.en.some((t) => SNOWY.includes(t)));
  return green.length ? green : plates;
}

/**
 * No plate that photographs a thing of the product's own kind, if others remain: a lamp before
 * a room's floor lamp ("lamp on a concrete shelf" stood beside the sage wall's lamp).
 */
function withoutOwnKind(product: string | null | undefined, plates: PackEntry[]): PackEntry[] {
  if (!product) return plates;
  const other = plates.filter((e) => !e.tags.en.includes(product));
  return other.length ? other : plates;
}

/** which scans: one per prop word asked for (a different one in each shot), else one dressing */
function pickScans(served: string[], dressing: PackEntry[], ctx: PhotoContext): PackEntry[] {
  const pick = (list: PackEntry[]) => list[(ctx.seed + ctx.variant) % list.length];
  const asked = served.map((w) => pick(servableProps(SCANNED_PROPS[w as PropWord] ?? [])));
  const chosen = asked.length ? asked : dressing.length ? [pick(dressing)] : [];
  return chosen.filter((e): e is PackEntry => !!e).slice(0, 2);
}

/**
 * Scans stand beside the product, on the side with more room, a little behind it (so they
 * never hide it and the lens softens them), the second on the other side further back; each
 * at its real height.
 */
function placeScans(plan: SetPlan, scans: PackEntry[], ctx: PhotoContext): ScannedProp[] {
  const side =
    plan.camera.baseX < 0.5 ? 1 : plan.camera.baseX > 0.5 ? -1 : ctx.variant % 4 < 2 ? 1 : -1;
  const pw = plan.productSize.width;
  // the frame's width at the product, in world units, and where the product stands in it: a
  // scan the frame would cut (a close-up has no room beside the product) is left out
  const frame = ((plan.width / plan.height) * plan.productSize.height) / plan.camera.fill;
  const left = -plan.camera.baseX * frame;
  const right = (1 - plan.camera.baseX) * frame;
  return scans
    .map((e, k) => {
      const height = (e.prop?.heightCm ?? 20) / 100 / ctx.metresPerUnit;
      const s = k === 0 ? side : -side;
      return {
        id: e.id,
        x: s * (pw / 2 + Math.min(height, 1.2) * 0.4 + 0.12 + k * 0.15),
        z: 0.3 + k * 0.6,
        height,
        yawDeg: e.prop?.yawDeg ?? 20,
      };
    })
    .filter((p) => p.x - p.height * 0.4 > left && p.x + p.height * 0.4 < right);
}
