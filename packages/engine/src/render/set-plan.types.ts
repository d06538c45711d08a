// The renderer's input: everything needed to draw one product-photography set. The planner
// (scenes/) fills it; the renderer reads nothing else. World units: metres-ish, y up, z away
// from the camera; the product stands at x = 0, z = 0 on top of `stageTop`.
import type { RGB, ScenePlan } from "../types.ts";

export type MaterialKind =
  | "paper"
  | "plaster"
  | "marble"
  | "wood"
  | "concrete"
  | "terrazzo"
  | "linen"
  | "sand"
  | "asphalt"
  | "metal"
  | "acrylic"
  | "water"
  /** a photo-scanned texture of the pack (MaterialSpec.texture), at its real size */
  | "scan";

export interface MaterialSpec {
  kind: MaterialKind;
  /** base colour, sRGB */
  color: RGB;
  /** second colour: veins, grain, chips, caustics (sRGB) */
  accent: RGB;
  /** pattern scale: world units per pattern cell (bigger = coarser) */
  scale: number;
  /** 0 = matte; up to 1 = mirror */
  gloss: number;
  /** "scan": the pack entry whose photo is the surface; `scale` is then one tile's width */
  texture?: string;
  /** "scan": brightness multiplier on the photo (with `color` as its tint) */
  gain?: number;
  /** 0..1: how much of the room a matte surface mirrors at a grazing angle (a table's sheen);
   * shown only before a photographed plate, the room it mirrors (shade.ts `sheen`) */
  sheen?: number;
  /** "scan": 1 keeps the scan's colours; less moves them towards their grey (choose-scan.ts
   * `woodSaturation`) */
  saturation?: number;
}

export type BackdropKind = "sweep" | "wall" | "outdoor";
/** "ellipsoid": radii width/2, height/2, depth/2 turned by `yaw` (leaves, petals, stones, fruit) */
export type PropKind = "cylinder" | "box" | "sphere" | "arch" | "ellipsoid";

export interface PropPlan {
  kind: PropKind;
  x: number;
  z: number;
  /** height of the prop's base above the floor */
  y0: number;
  /** cylinder and sphere radius; arch half width */
  radius: number;
  /** box width (x) and depth (z); arch: panel width */
  width: number;
  depth: number;
  /** vertical extent (sphere: 2 * radius) */
  height: number;
  material: MaterialSpec;
  /** an arch drawn as a glowing tube on the wall instead of a panel (neon) */
  emissive?: RGB;
  /** the product stands on this prop */
  stage?: boolean;
  /** part of a prop the seller named (flowers, candles…): the plan reports what was placed */
  thing?: string;
  /** ellipsoid: turn about the vertical axis, radians */
  yaw?: number;
  /** a light source seen in the set (fairy-light bulb, candle flame): drawn at this colour,
   * bright enough to bloom into bokeh when out of focus; casts no shadow */
  glow?: RGB;
  /** the glow also lights the surfaces near it (candles), within about this distance */
  glowReach?: number;
}

export type Gobo = "none" | "window" | "leaves" | "blinds";

export interface LightPlan {
  /** 0 = from the camera, +90 = from the right, -90 = from the left */
  azimuthDeg: number;
  /** 0 = horizon, 90 = overhead */
  elevationDeg: number;
  /** 0 = hard sun, 1 = large softbox */
  softness: number;
  temperatureK: number;
  /** key light strength (1 = normal) */
  intensity: number;
  /** fill/ambient strength (0..1) */
  ambient: number;
  gobo: Gobo;
  /** strength of the background light pool behind the product (0..1) */
  glow: number;
  /** after dark, the key light's pool on the ground round the product's foot (0..1): the
   * ground there lit as the product is, falling off into the night beyond */
  pool?: number;
  /** coloured rim lights for night scenes (sRGB), left and right */
  rim?: [RGB, RGB];
}

/**
 * A band of scenery standing across the set at distance z: a tree line, hills, buildings. The
 * renderer casts rays against its outline, so depth of field blurs it like a real background.
 */
export interface SceneryLayer {
  kind: "trees" | "pines" | "hills" | "ridges" | "buildings" | "hedge" | "dunes" | "bokeh";
  z: number;
  /** typical height of the outline above the ground */
  height: number;
  color: RGB;
  accent: RGB;
  /** snow on top of the outline (pines, hills) */
  snow?: boolean;
  /** lit windows (buildings) or lights (bokeh), sRGB; absent = none */
  lights?: RGB;
  seed: number;
}

export interface OutdoorPlan {
  skyTop: RGB;
  skyHorizon: RGB;
  /** from near to far */
  layers?: SceneryLayer[];
  /** distance (z) where the floor meets the sea; undefined = floor reaches the horizon */
  shoreZ?: number;
  sea?: MaterialSpec;
}

export interface ScannedProp {
  /** the pack entry of the prop's model */
  id: string;
  /** where it stands, world units */
  x: number;
  z: number;
  /** its real height in world units */
  height: number;
  yawDeg: number;
}

export interface SetPlan extends ScenePlan {
  layout: string;
  mood: string;
  backdrop: BackdropKind;
  /** sweep: radius of the curve; wall: distance of the wall behind the product */
  wallZ: number;
  sweepRadius: number;
  floor: MaterialSpec;
  wall: MaterialSpec;
  outdoor?: OutdoorPlan;
  props: PropPlan[];
  /** height of the surface the product stands on */
  stageTop: number;
  /** flat lay: the camera looks steeply down and the product lies on the surface, the top of
   * its photo towards the far side of the set */
  lying?: boolean;
  /** a lying product's thickness, a share of its larger side (RenderedScene.lyingThickness) */
  lyingThickness?: number;
  /** the product's box in world units (width, height, depth) */
  productSize: { width: number; height: number; depth: number };
  light: LightPlan;
  camera: {
    pitchDeg: number;
    fovDeg: number;
    /** where the product's base lands in the frame, as fractions of width and height */
    baseX: number;
    baseY: number;
    /** product height as a fraction of the frame height (before the width limit) */
    fill: number;
    /** aperture: 0 = everything sharp, 1 = shallow depth of field */
    aperture: number;
    /** the most of the frame's width the product's box may take (WIDTH_SHARE unless the shot
     * says otherwise): what frames a product wider than tall, a car, a sofa */
    widthShare?: number;
  };
  /** photo-scanned props of the pack standing on the floor (y = 0), drawn from their scans */
  scanned?: ScannedProp[];
  /** a reference photo of a scene, rebuilt as the wall far behind the product (sRGB, 3 ch.) */
  plate?: { width: number; height: number; rgb: Uint8Array };
  /** a photographic plate of the pack behind the set: its id, and the row of its horizon (or
   * counter line), a fraction of its height from the top, which the camera's horizon meets */
  backPlate?: {
    id: string;
    horizon: number;
    /** which part of a plate wider than the frame shows: −1 its left edge … 1 its right */
    shift: number;
    /** the plate seen in a mirror, so its light comes from the product's lit side */
    mirror?: boolean;
    /** the least aperture the plate is blurred as if shot at (PlateNotes.defocus): the plate
     * alone, the surface keeps the camera's own depth of field */
    defocus?: number;
    /** the ground under the product is the plate's own kind (sand before dunes): its photo is
     * graded towards the plate's colour so the two meet without a seam */
    matchGround: boolean;
    /** the product stands on a table (a counter, a desk) whose back edge runs across the frame
     * at this depth (world z): beyond it the plate shows, as the room behind a real table does */
    tableEdgeZ?: number;
  };
  /** what of the brief this plan realises, for `photoshoot plan` and tests */
  brief?: {
    shot: string;
    things: string[];
    setting: string;
    /** the product named in the prompt, and what it stands on (table, floor, ground) */
    product?: string | null;
    stands?: string;
    /** photographed from the pack, or drawn */
    sets?: "photographic" | "drawn";
    /** the pack's plate behind the product */
    plate?: string;
    /** the pack's panorama the set's light was taken from */
    panorama?: string;
    /** props the brief asked for that the pack cannot serve: left out, not drawn */
    unusedThings?: string[];
  };
  /** overall exposure multiplier and vignette strength */
  exposure: number;
  vignette: number;
}
