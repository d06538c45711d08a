// The seams between the engine's stages. Input and cut-out produce a Cutout; scenes plan and
// render a RenderedScene; the compositor puts one on the other. Each stage owns its folder
// (input/, cutout/, scenes/, render/, composite/); only these types cross between them.

export type RGB = readonly [number, number, number];

/** What readReference() (reference/) reads from a reference image; the planner steers by it. */
export interface ReferenceLook {
  /** dominant colours, most frequent first */
  palette: RGB[];
  /** mean luma, 0..1 */
  brightness: number;
  /** standard deviation of luma, 0..~0.5 */
  contrast: number;
  /** -1 cool (blue) .. +1 warm (orange) */
  warmth: number;
  light: {
    /** where the light comes from: 0 = front, +90 = right, -90 = left */
    azimuthDeg: number;
    /** 0 = hard (crisp shadows, strong gradient), 1 = soft and even */
    softness: number;
  };
  /** present when the image is a scene: its pixels at PLATE_SIDE, sRGB, 3 channels */
  plate?: { width: number; height: number; rgb: Uint8Array };
}

/** a side of a photo or of an output frame */
export type Side = "top" | "bottom" | "left" | "right";

/** A decoded photo: sRGB, orientation applied, metadata gone, 8-bit RGBA, row-major. */
export interface DecodedImage {
  width: number;
  height: number;
  rgba: Buffer;
}

/** The product separated from its photo, once per upload. */
export interface Cutout {
  width: number;
  height: number;
  /** the photo's own pixels (RGBA, alpha = the matte), never repainted downstream */
  rgba: Buffer;
  /** the product's bounding box inside the photo, in pixels (alpha > 8) */
  bbox: { x: number; y: number; width: number; height: number };
  /** dominant colours of the product, most frequent first (up to 5) */
  colors: RGB[];
  /** "alpha": the upload already had a transparent background, used as is; "edited": the
   * seller corrected the matte with the brush (applyMask); "frame": a close-up where the
   * product fills the whole photo, so the whole photo is the product */
  method: "isnet" | "classical" | "alpha" | "edited" | "frame";
  /** sides of the photo that cut the product (it runs out of the picture there); absent or
   * empty when the whole product is in the photo. The compositor anchors these sides to the
   * output's frame so the straight cut never shows inside the picture. */
  croppedSides?: Side[];
  /** the photo looked down on the product lying on a surface (one surface fills its
   * background): the cut-out is a top view, and the planner gives it flat-lay sets. Absent for a
   * side view, a plain backdrop, an upload that came cut out, and cut-outs stored before. */
  seenFromAbove?: true;
  /** the photo looked at the product from the side (a wall meets the table behind it): it
   * cannot lie in a flat lay. Absent for a top view, a plain backdrop, an upload that came cut
   * out, and cut-outs stored before. */
  seenFromSide?: true;
  /** what the product is, read from the photo by detectProduct (detect/); absent when the
   * detector found nothing it is sure of, or was not run */
  product?: DetectedProduct;
}

/** The product's kind as the detector read it from the photo, once per upload. */
export interface DetectedProduct {
  /** a kind the planner knows (scenes/seen-products.ts): "car", "sofa", "bottle"… */
  kind: string;
  /** how sure the engine is, 0..1: the detections' score and fit, or the outline's */
  confidence: number;
  /** how it was known: the detector on the photo, or the cut-out's outline (absent: photo, as
   * stored before recognition had a second source) */
  source?: "photo" | "shape";
}

/** What the planner knows about the product. */
export interface ProductInfo {
  colors: RGB[];
  /** bbox width / height */
  aspectRatio: number;
  /** the product's size in its photo's pixels (the cut-out's bbox): a set never frames it
   * larger than its pixels can carry sharp */
  pixels?: { width: number; height: number };
  /** the kind read from the photo: sets the product's size and footing when the prompt names
   * no product */
  detected?: DetectedProduct;
  /** which side the photo lit the product from, read from its shading: −1 left … 1 right */
  lightSide?: number;
  /** a top view's light in the photo's plane, read from the shading round its outline: x −1
   * left … 1 right, y −1 top … 1 bottom (the flat lay's shadow falls the other way) */
  lightFrom?: { x: number; y: number };
  /** the cut-out is a top view (Cutout.seenFromAbove) */
  seenFromAbove?: boolean;
  /** the cut-out is a side view (Cutout.seenFromSide) */
  seenFromSide?: boolean;
}

export interface PlanRequest {
  prompt?: string;
  templateId?: string;
  seed: number;
  count: number;
  width: number;
  height: number;
  product: ProductInfo;
  /** reference images read by readReference(): they steer palette, light and backdrop */
  references?: ReferenceLook[];
}

/**
 * One scene to render. The renderer is free to carry more fields; the compositor reads only
 * what RenderedScene exposes.
 */
export interface ScenePlan {
  templateId: string;
  variant: number;
  seed: number;
  width: number;
  height: number;
  [key: string]: unknown;
}

/** A rendered background plus what the compositor needs to seat the product in it. */
export interface RenderedScene {
  width: number;
  height: number;
  /** sRGB 8-bit, 3 channels, row-major */
  rgb: Buffer;
  /** where the product stands: base centre on the supporting surface, and the box it must fit */
  placement: { centerX: number; baseY: number; maxWidth: number; maxHeight: number };
  light: {
    /** unit vector in image space (x right, y down) along which cast shadows fall */
    shadowDir: { x: number; y: number };
    /** 0 = light at the horizon (long shadows), 90 = overhead */
    elevationDeg: number;
    /** 0 = hard, 1 = very soft */
    softness: number;
    /** colour of the light, for light wrap at the product's edges */
    color: RGB;
  };
  /** 0 = matte surface; up to 1 = mirror-like (reflection under the product) */
  reflectivity: number;
  /** flat lay: the product lies on the surface seen from above, so it casts a drop shadow */
  lying?: boolean;
  /** a lying product's thickness, a share of its larger side, for its shadow (absent: a
   * book's or a banana's, composite/shadows.ts LYING_THICKNESS; a garment's is far less) */
  lyingThickness?: number;
  /** how the camera sees the ground at the product's base, for the occlusion around it
   * (absent: a camera about 20° above the ground, a product half as deep as wide) */
  ground?: { foreshortening: number; depth: number };
  /** the image row where the surface the product stands on ends behind it (a table's or a
   * plinth's back edge): its cast shadow stops there. Absent: the ground runs on (a floor to
   * its wall, open ground, a sweep) */
  surfaceEndY?: number;
  /** colour of the surface under the product, for tinting contact shadows */
  surfaceColor: RGB;
  /** when the set is blurred by depth of field, the blur radius at the product's plane */
  blurAtProduct: number;
  /** the plan's seed: the camera grain drawn over the set follows it (absent: a hash of the
   * set's pixels), so the same request grains alike whatever the cut-out's resolution */
  seed?: number;
}
