import { EngineError } from "../input/engine-error.ts";
import { takeFrame } from "../render/frame-pool.ts";
import type { Cutout, RenderedScene } from "../types.ts";
import { applyContactLine } from "./contact-line.ts";
import { paintProduct } from "./edges.ts";
import { type GrainMatch, matchGrain } from "./match-grain.ts";
import { sensorShare } from "./photo-grain.ts";
import { computePlacement, type Placement, productLayer } from "./place.ts";
import { drawReflection } from "./reflection.ts";
import { applyShadow, shadowMap } from "./shadows.ts";

export interface CompositeOptions {
  /** draw contact and cast shadows (default true; the Amazon preset turns them off) */
  shadows?: boolean;
  /** 0..1, how much of the scene's light bleeds over the product's fringe (default 0.35) */
  lightWrap?: boolean | number;
  /** draw a reflection when the scene's surface reflects (default true) */
  reflection?: boolean;
  /** give the set the product photo's grain and softness (default true; see match-grain.ts) */
  matchGrain?: boolean;
}

export interface CompositeResult {
  width: number;
  height: number;
  /** sRGB, 3 channels, row-major */
  rgb: Buffer;
  placement: Placement;
  /** what the grain/softness match measured and did (absent when it was off) */
  grain?: GrainMatch;
}

function validateScene(scene: RenderedScene): void {
  const { width, height, rgb } = scene;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new EngineError("INVALID_ARGUMENT", "The scene has no valid size.");
  }
  if (rgb.length !== width * height * 3) {
    throw new EngineError("INVALID_ARGUMENT", "The scene's pixels do not match its size.");
  }
  const pl = scene.placement;
  if (!(pl.maxWidth > 0 && pl.maxHeight > 0)) {
    throw new EngineError("INVALID_ARGUMENT", "The scene's placement box is empty.");
  }
}

/**
 * Put the product into a rendered scene. Deterministic: same inputs, same bytes (the grain's
 * noise is seeded by the scene's own pixels; variation comes from the scene plan and its seed).
 *
 * Fidelity guarantee: for every pixel where productLayer(cut, placement) has alpha 255, the
 * output RGB equals that layer's RGB exactly; at placement.scale === 1 that layer IS the
 * cut-out's own pixels, i.e. the photo's. Shadows, reflection and light wrap only touch the
 * background and the fringe (0 < alpha < 255); so does the grain/softness match, which works
 * on the set before the product goes on.
 */
export async function compositeProduct(
  scene: RenderedScene,
  cut: Cutout,
  options: CompositeOptions = {},
): Promise<CompositeResult> {
  validateScene(scene);
  const placement = computePlacement(cut, scene.placement, scene);
  const layer = await productLayer(cut, placement);
  // a frame from the pool (generate.ts gives it back once its JPEG is encoded), all of it copied
  const out = takeFrame(scene.rgb.length);
  out.set(scene.rgb);
  if (options.reflection !== false && scene.reflectivity > 0) {
    await drawReflection(out, scene, layer, placement);
  }
  if (options.shadows !== false) {
    applyShadow(
      out,
      scene.width,
      scene.height,
      shadowMap(scene, layer, placement),
      scene.surfaceColor,
    );
    applyContactLine(out, scene, layer, placement);
  }
  const wrap =
    options.lightWrap === false
      ? 0
      : typeof options.lightWrap === "number"
        ? options.lightWrap
        : // seen from above, nothing lies behind the product to wrap light round its edge:
          // a wrap there is a glow round a cut-out
          scene.lying
          ? 0
          : 0.35;
  // after shadows and reflection (the camera sees them too), before the product goes on
  const grain =
    options.matchGrain === false
      ? undefined
      : await matchGrain(out, scene, layer, placement, sensorShare(cut));
  paintProduct(out, scene, layer, placement, Math.min(1, Math.max(0, wrap)));
  return { width: scene.width, height: scene.height, rgb: out, placement, grain };
}
