// The photographic asset pack as the project ships it: one manifest (pack.json, written by
// `npm run assets:manifest` from the pack's manifest.tsv plus this project's annotations)
// drives the fetch at install time and every set the engine builds from photographs.

export type PackKind =
  | "surface"
  | "surface-map"
  | "wall"
  | "panorama"
  | "plate"
  | "prop-model"
  | "prop-texture"
  | "prop-cutout";

/** What the engine needs to know of a scanned surface or wall texture. */
export interface SurfaceNotes {
  /** real width of one tile of the texture, centimetres */
  tileCm: number;
  /** polished: shows a reflection of the product (marble, onyx, glazed tiles) */
  glossy: boolean;
  /** its average colour, sRGB (measured): a drawn set's colour finds its nearest scan */
  color: [number, number, number];
}

/** What the engine needs to know of a photographic background plate. */
export interface PlateNotes {
  /** where the horizon (or counter/table line, for rooms) sits, fraction of height from the top */
  horizon: number;
  /** what the bottom of the plate shows: the product can stand on it when it is a ground */
  ground: "road" | "sand" | "grass" | "floor" | "water" | "snow" | "table" | "none";
  /** the scene is a room (indoor) or outside */
  indoor: boolean;
  /** regions a crop must not show sharp (people, faces, legible brands), fractions x0,y0,x1,y1 */
  avoid: [number, number, number, number][];
  /** dominant light: azimuth in degrees (−90 left … +90 right, 0 from the camera) and kelvin */
  lightAzimuth: number;
  kelvin: number;
  /** why a plate is never used as a set (an aerial view, people in focus, black and white) */
  unfit?: string;
  /** the least aperture (SetPlan camera.aperture) it is ever shown with: sharp, its crowds and
   * signs would be legible; this soft, they are a street's lights */
  defocus?: number;
}

/** What the engine needs to know of a panorama (equirectangular, most 1024×512 HDR). */
export interface PanoramaNotes {
  /** horizon row, fraction of height from the top (0.5 when level) */
  horizon: number;
  /** the brightest region: the sun or main light, yaw (−180…180, 0 = image centre) and elevation, degrees */
  lightYaw: number;
  lightElevation: number;
  /** colour temperature of the main light and of the sky/ambient, kelvin */
  kelvin: number;
  /** what the ground is */
  ground: "floor" | "grass" | "sand" | "road" | "snow" | "water" | "mixed";
  indoor: boolean;
  /** yaw range (degrees) that looks good as a background; [-180, 180] = all of it */
  yaw: [number, number];
  /** yaws (degrees) of the views cut from it as plates (panorama-views.ts): too coarse to be
   * shown sharp, out of focus they are a place the pack has no plate of */
  views?: number[];
}

export interface PropNotes {
  /** real height of the object, centimetres */
  heightCm: number;
  /** its colour can be read here (not only in KTX2, which has no decoder on this stack) */
  servable: boolean;
  /** turn about its vertical axis that shows its best side to the camera, degrees */
  yawDeg: number;
  /** OBJ props: the pack entry of their base colour image */
  texture?: string;
}

export interface PackEntry {
  /** stable id: the file's path below the pack folder without its extension */
  id: string;
  /** path below the pack folder (as in the pack's manifest.tsv) */
  file: string;
  kind: PackKind;
  subject: string;
  tags: { en: string[]; zh: string[] };
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  /** a public address serving the same bytes, pinned to one commit */
  rawUrl: string;
  /** original publisher and asset id */
  origin: string;
  /** the repository that republishes it */
  repo: string;
  licence: string;
  surface?: SurfaceNotes;
  plate?: PlateNotes;
  panorama?: PanoramaNotes;
  prop?: PropNotes;
  /** a plate cut from a panorama (panorama-views.ts): the panorama's id and where it looks */
  view?: { of: string; yawDeg: number };
}

export interface PackManifest {
  /** version of this file's shape */
  version: 1;
  entries: PackEntry[];
}
