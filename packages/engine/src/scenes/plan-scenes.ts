// The scene planner: prompt + product + template + seed → N scene plans. Deterministic:
// every choice comes from a PRNG seeded by (seed, variant). Variants change layout, props,
// light side and camera, not only colour.
import { setsArePhotographic } from "../assets/pack.ts";
import { WIDTH_SHARE } from "../render/camera.ts";
import { rng } from "../render/noise.ts";
import type { SetPlan } from "../render/set-plan.types.ts";
import type { PlanRequest, RGB } from "../types.ts";
import type { CameraView, PropWord } from "./brief-words.ts";
import { chooseLayout } from "./choose-layout.ts";
import { dressOutdoor } from "./dress-outdoor.ts";
import { buildLayout } from "./layouts.ts";
import { type Harmony, makePalette } from "./palette.ts";
import { type Intent, parsePrompt, setWords } from "./parse-prompt.ts";
import { dressPhotographic } from "./photo-sets/dress-photographic.ts";
import { photoSettingOf } from "./photo-sets/photo-setting-of.ts";
import { planLight } from "./plan-light.ts";
import { type ProductScale, productScale } from "./product-scale.ts";
import { rankTemplates } from "./rank-templates.ts";
import { applyReferences } from "./references.ts";
import { resolveMaterials, skyFor } from "./resolve-materials.ts";
import type { TemplateDef } from "./template.types.ts";
import { findTemplate } from "./templates.ts";
import { arrangeThings } from "./things/arrange.ts";
import { seenFlat, sideViewCamera, TOP_VIEW_FRAMES, topViewOf } from "./top-view.ts";
import { validateRequest } from "./validate-request.ts";
import { withinPixels } from "./within-pixels.ts";

const HARMONIES: Harmony[] = ["complement", "analogous", "split"];

/**
 * The four (or N) shots of a request when the seller did not pin the camera: a hero at eye
 * level first, then from above, a close crop, and a lower, wider view. Each differs in
 * camera, composition and set, not only in colour.
 */
const SHOTS: CameraView[] = ["eye-level", "high", "close-up", "three-quarter", "low"];
/** the most of the frame's width a wide product takes, by shot (WIDTH_SHARE otherwise) */
const WIDTH_SHARE_BY_SHOT: Partial<Record<CameraView, number>> = {
  "close-up": 0.84,
  high: 0.6,
  "three-quarter": 0.65,
};

/**
 * How steeply a top view that the brief did not call a flat lay looks down, degrees. A seller's
 * photo from above is taken from a little short of overhead, as a table photo is: straight down
 * the surface kept one scale across the frame, which a reviewer read as "a texture with no
 * perspective, its grain the same size edge to edge" (round 31); at 66° the far boards are a
 * fifth narrower than the near ones, while the product, photographed from above, reads the same.
 */
const FLAT_LAY_PITCH = 66;
/** a garment laid flat: its thickness, a share of its length (a folded tee is ~2 cm of 70) */
const CLOTH_THICKNESS = 0.03;

export function planScenes(req: PlanRequest): SetPlan[] {
  validateRequest(req);
  const intent = applyReferences(parsePrompt(req.prompt), req.references);
  const fixed = req.templateId ? findTemplate(req.templateId) : undefined;
  if (req.templateId && !fixed) throw new RangeError(`unknown template "${req.templateId}"`);
  const scale = productScale(intent, req.product.detected);
  const candidates = fixed
    ? [fixed]
    : rankTemplates(intent, req.product, req.seed, req.count, scale.stands);
  const plans: SetPlan[] = [];
  const seen = new Map<string, number>();
  for (let v = 0; v < req.count; v++) {
    const tpl = candidates[v % candidates.length]!;
    const nth = seen.get(tpl.id) ?? 0;
    seen.set(tpl.id, nth + 1);
    const drawn = planOne(req, intent, scale, tpl, v, nth);
    plans.push(
      dressPhotographic(drawn, {
        setting: photoSettingOf(intent, tpl, scale),
        metresPerUnit: scale.size,
        variant: v,
        seed: req.seed,
        shapesAsked: intent.shapes.length > 0,
        asked: intent.things,
        lightSide: req.product.lightSide ?? 0,
        lightAsked: intent.lights.length > 0 || !!intent.time || !!intent.lightLook,
        // ("soft window light": a window's light through a curtain, no hard bars)
        goboAsked: !!intent.gobo && !intent.lights.includes("soft") && intent.mood !== "soft",
        material: intent.materials[0],
        color: intent.colors[0],
        prompt: setWords(req.prompt ?? ""),
        pinned: !!fixed,
        time: intent.time,
      }),
    );
  }
  return plans;
}

function planOne(
  req: PlanRequest,
  intent: Intent,
  scale: ProductScale,
  tpl: TemplateDef,
  variant: number,
  nth: number,
): SetPlan {
  const seed = (Math.imul(req.seed >>> 0, 2654435761) + variant * 40503) >>> 0;
  const r = rng(seed);
  const ar = req.product.aspectRatio;
  // a product the photo looked down on is a top view: it lies in a flat lay, whatever camera
  // the seller names (stood up at eye level, a banana or a book reads as a card floating in
  // mid-air: a reviewer saw it at once); a camera from the side is reported unused. A product
  // photographed from the side is shot from high up when the brief asks for a top view
  const shot: CameraView = topViewOf(req, scale)
    ? "top-down"
    : (sideViewCamera(req, intent.camera) ?? SHOTS[variant % SHOTS.length]!);
  const topView = shot === "top-down" && seenFlat(req, scale);
  const lying = shot === "top-down";
  // the product's box in world units: its larger side is 1
  const height = ar <= 1 ? 1 : 1 / ar;
  const width = ar * height;
  const depth = Math.min(width, 0.7) * 0.75;
  const frameAspect = req.width / req.height;
  const palette = makePalette(
    req.product.colors,
    intent.colors,
    HARMONIES[(variant + req.seed) % 3]!,
    r(),
  );
  // a flat lay puts the product straight on the surface; a pinned camera varies composition
  // a sofa or a car stands on the floor or the ground, not on a podium, unless asked
  // in a photographed place (a beach, a kitchen) the product stands on the place's own
  // surface: a podium belongs in a studio
  const photographed = !!photoSettingOf(intent, tpl, scale) && setsArePhotographic();
  // a vehicle always, and furniture read from the photo, stand on the ground or floor itself:
  // a prompt's "podium" does not lift a real car (issue 28); the seller who names the product
  // decides (productScale makes a named one on a podium a tabletop model)
  const grounded =
    scale.stands === "ground" || (scale.stands === "floor" && scale.source !== "prompt");
  // (in a photographed room a shelf is the room's own counter or table: a drawn slab laid on
  // a counter of the same stone read as a plinth, "skincare boxes on a bathroom shelf")
  const staged = intent.layouts.length > 0 && !(photographed && intent.tags.includes("shelf"));
  const layout =
    lying || grounded || ((scale.stands !== "table" || photographed) && !staged)
      ? "floor"
      : chooseLayout(tpl, intent, ar, req.seed, variant, shot === "high");
  const framed = clamp(
    (frameAspect < 0.7 ? 0.46 : frameAspect > 1.2 ? 0.52 : 0.5) -
      (layout === "floor" ? 0 : 0.03) +
      (shot === "close-up" ? 0.24 : lying ? -0.06 : shot === "high" ? 0.05 : 0) +
      (topView && lying ? TOP_VIEW_FRAMES[variant % 4]!.closer : 0) +
      (r() - 0.5) * 0.06,
    0.37,
    // the product's height stays within 75 % of the frame's shorter side (a seller's close-up
    // still shows the whole product with air around it)
    Math.max(0.37, 0.75 * Math.min(1, frameAspect)),
  );
  // a car or a sofa is framed to the place it stands in (a plate's street, a room): shrunk to
  // its pixels it stood tiny beside a café's umbrellas ("like a toy")
  const fill = scale.stands === "table" ? withinPixels(framed, req) : framed;
  // beside-the-product props go on the side with more room; pinned views shift the product
  const offset =
    frameAspect > 1.2
      ? nth % 2 === 0
        ? -0.1
        : 0.1
      : topView && lying
        ? TOP_VIEW_FRAMES[variant % 4]!.x
        : intent.camera && variant % 4 !== 0
          ? [0, -0.08, 0.08, 0][variant % 4]!
          : 0;
  const side = offset !== 0 ? -Math.sign(offset) : nth % 2 === 0 ? 1 : -1;
  // the camera keeps the product's width within its share of the frame (render/camera.ts): a
  // wide product widens the view, and the set and its props have that much more room. The share
  // follows the shot, so a car, framed by its width in every view, is not the same size in the
  // same place in all four (a close-up comes nearer, a high view stands back)
  const widthShare = WIDTH_SHARE_BY_SHOT[shot] ?? WIDTH_SHARE;
  const widthLimited = width / (2 * widthShare);
  const halfWidth = Math.max(
    ((frameAspect * height) / (2 * fill)) * (1 - Math.abs(offset)),
    widthLimited,
  );
  const plate = intent.plate;
  const backdrop = plate ? "wall" : tpl.backdrop;
  const wallZ = lying
    ? 60
    : plate
      ? between(r, 3.5, 4.5)
      : backdrop === "wall"
        ? between(r, 1.1, 1.6) * Math.max(1, height)
        : between(r, 2.4, 3.0);
  const sweepRadius = 1.1;
  const backZ = backdrop === "sweep" ? wallZ - sweepRadius : backdrop === "wall" ? wallZ : 6;
  const mats = resolveMaterials(tpl, intent, palette);
  // texture grain is real-world sized: planks and tiles look small under a car, large by a ring
  const grain = clamp(scale.ratio, 1 / 6, 10);
  mats.floor = { ...mats.floor, scale: mats.floor.scale / grain };
  mats.wall = { ...mats.wall, scale: mats.wall.scale / grain };
  mats.stage = { ...mats.stage, scale: mats.stage.scale / grain };
  if (plate)
    mats.floor = { ...mats.floor, kind: "plaster", color: plate.floor, accent: plate.floor };
  // seen from above, the surface is the backdrop: a named colour goes to it
  const named = intent.colors[0];
  if (lying && named)
    mats.floor = {
      ...mats.floor,
      color: [0, 1, 2].map((k) => Math.round(named[k]! * 0.8 + 255 * 0.2)) as unknown as RGB,
    };
  if (intent.snow && tpl.backdrop === "outdoor")
    mats.floor = {
      kind: "sand",
      color: [236, 240, 246],
      accent: [210, 220, 234],
      scale: 0.25,
      gloss: 0.05,
    };
  // decorative spheres and blocks are product-sized: beside a car or a sofa only when asked
  const propCount = clampInt(
    between(r, tpl.props[0], tpl.props[1] + 0.999) +
      (intent.mood === "playful" ? 1 : 0) -
      (intent.mood === "minimal" ? 1 : 0),
    intent.shapes.length,
    scale.stands === "table" ? 3 : intent.shapes.length,
  );
  const built = buildLayout({
    layout: lying ? "floor" : layout,
    product: { width, height, depth },
    stage: mats.stage,
    prop: mats.prop,
    wall: mats.wall,
    side,
    halfWidth,
    backZ,
    propCount:
      lying || intent.things.length ? Math.min(propCount, intent.shapes.length) : propCount,
    wantSphere: intent.shapes.includes("sphere"),
    wantBox: intent.shapes.includes("box"),
    rand: r,
  });
  if (tpl.neon) {
    const aw = Math.max(0.8, width * 2);
    const ah = Math.max(aw * 0.75, height * 1.1 + built.stageTop);
    built.props.push({
      kind: "arch",
      x: side * 0.12,
      z: wallZ - 0.01,
      y0: 0.08,
      radius: aw / 2,
      width: aw,
      depth: 0,
      height: ah,
      material: mats.prop,
      emissive: intent.colors[0] ?? tpl.neon,
    });
  }
  const light = planLight(tpl, intent, variant, nth, req.seed, r);
  if (lying) light.elevationDeg = clamp(light.elevationDeg + 25, 45, 78);
  // a top view is lit as its photo was: the flat lay's shadow falls on its own dark side
  const from = topView ? req.product.lightFrom : undefined;
  if (from && Math.hypot(from.x, from.y) >= 0.15)
    light.azimuthDeg = (Math.atan2(from.x, from.y) * 180) / Math.PI;
  if (intent.lightLook) Object.assign(light, intent.lightLook);
  const things =
    scale.stands === "ground" && !intent.things.length ? [] : thingsFor(intent, variant);
  const fovDeg = between(r, 26, 34);
  const halfDepth = lying ? Math.max(height / (2 * fill), widthLimited / frameAspect) : 0;
  const arranged = arrangeThings({
    things,
    lying,
    product: { width, height, depth },
    taken: built.props
      .filter((p) => p.kind !== "arch")
      .map((p) => ({ x: p.x, z: p.z, r: Math.max(p.radius, p.width / 2, p.depth / 2) })),
    halfWidth: lying
      ? Math.max(halfDepth * frameAspect * (1 - Math.abs(offset)), widthLimited)
      : halfWidth,
    halfDepth,
    backZ,
    camDist:
      Math.max(height / fill, width / (widthShare * frameAspect)) /
      (2 * Math.tan((fovDeg * Math.PI) / 360)),
    side,
    accent: palette.accent,
    surface: mats.floor.color,
    // beside a small product props stay a little larger than it (they must fit the frame);
    // beside a large one they shrink to their real size
    scale: scale.ratio < 1 ? Math.min(1.25, scale.ratio ** -0.25) : Math.max(0.1, 1 / scale.ratio),
    rand: r,
  });
  built.props.push(...arranged);
  const pitchBase = ar < 0.6 ? 7 : ar > 1.4 ? 22 : 13;
  // (a flat lay the brief asks for is shot from directly above, as the words say)
  const pitch = lying
    ? intent.camera === "top-down"
      ? 90
      : FLAT_LAY_PITCH
    : clamp(
        shot === "eye-level"
          ? between(r, 2, 6)
          : shot === "low"
            ? between(r, -3, 1)
            : shot === "high"
              ? between(r, 28, 36) * (backdrop === "outdoor" ? 0.4 : 1)
              : shot === "three-quarter"
                ? between(r, 14, 20)
                : pitchBase +
                  (layout === "floor" || layout === "slab" ? 6 : 0) +
                  (backdrop === "wall" ? 4 : 0) +
                  between(r, -3, 5),
        -4,
        40,
      );
  return {
    templateId: tpl.id,
    variant,
    seed: req.seed,
    width: req.width,
    height: req.height,
    layout,
    mood: intent.mood ?? tpl.tags[0] ?? "studio",
    backdrop,
    wallZ,
    sweepRadius,
    floor: mats.floor,
    wall: mats.wall,
    ...(tpl.outdoor && !plate && !lying
      ? { outdoor: dressOutdoor(skyFor(tpl.outdoor, intent.time), intent, variant) }
      : {}),
    ...(plate ? { plate: plate.image } : {}),
    props: built.props,
    stageTop: built.stageTop,
    ...(lying ? { lying: true } : {}),
    // a garment lies as thin as cloth: as thick as a book, its shadow was a standing thing's
    ...(lying && scale.lies ? { lyingThickness: CLOTH_THICKNESS } : {}),
    brief: {
      shot,
      things,
      setting: intent.setting ?? tpl.tags[0] ?? "studio",
      product: scale.kind,
      stands: scale.stands,
    },
    productSize: { width, height, depth },
    light,
    camera: {
      pitchDeg: pitch,
      fovDeg,
      baseX: 0.5 + offset,
      // leave room under the base for the stage's front face, and headroom above the product
      baseY: lying
        ? 0.5 + fill / 2 + (topView ? TOP_VIEW_FRAMES[variant % 4]!.y : 0)
        : clamp(
            0.9 - (built.stageTop / height) * fill * 1.15 - 0.04 + (r() - 0.5) * 0.04,
            fill + 0.08,
            0.92,
          ),
      fill,
      widthShare,
      aperture: lying
        ? 0
        : clamp(
            (plate ? 0.85 : tpl.aperture) +
              (intent.mood === "minimal" ? -0.1 : 0) +
              // a ring is shot macro (shallow), a car from metres away (deep)
              (scale.ratio < 0.5 ? 0.12 : scale.stands === "floor" ? -0.15 : 0) +
              (scale.stands === "ground" ? -0.3 : 0) +
              (shot === "close-up" ? 0.2 : 0) +
              (r() - 0.5) * 0.1,
            0,
            1,
          ),
    },
    exposure: (tpl.exposure ?? 1) * (intent.mood === "fresh" ? 1.06 : 1) * (intent.exposure ?? 1),
    vignette: clamp((tpl.vignette ?? 0.2) + (intent.mood === "dramatic" ? 0.2 : 0), 0, 0.6),
  };
}

const between = (r: () => number, a: number, b: number) => a + (b - a) * r();
const clamp = (v: number, a: number, b: number) => Math.min(b, Math.max(a, v));
const clampInt = (v: number, a: number, b: number) => Math.min(b, Math.max(a, Math.floor(v)));

/**
 * The props of one variant: what the seller named, all of it, in every variant; when they
 * named none, what the season, holiday or setting suggests, in every other variant so the
 * four still differ.
 */
function thingsFor(intent: Intent, variant: number): PropWord[] {
  if (intent.things.length) return intent.things;
  if (variant % 2 === 1) return [];
  const h = intent.holiday;
  if (h === "christmas") return ["gift-boxes", "pine-cones", "fairy-lights"];
  if (h === "valentine" || h === "mothers-day") return ["flowers", "ribbons"];
  if (h === "lunar-new-year") return ["gift-boxes", "fruit"];
  if (h === "easter") return ["flowers", "fruit"];
  if (intent.season === "autumn") return ["leaves", "pine-cones"];
  if (intent.season === "spring") return ["flowers"];
  if (intent.season === "winter") return ["pine-cones"];
  if (intent.setting === "beach") return ["shells", "stones"];
  if (intent.setting === "forest" || intent.setting === "mountain") return ["stones", "branches"];
  if (intent.setting === "garden" || intent.setting === "field") return ["flowers", "leaves"];
  if (intent.setting === "cafe") return ["coffee-beans", "books"];
  if (intent.camera === "top-down") return ["leaves", "stones"];
  return [];
}
