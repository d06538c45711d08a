// How large the outputs of a request place the product, from the plan alone: the server's
// choice between a cut-out and its render copy (cutout/render-copy.ts).
import { computePlacement } from "./composite/place.ts";
import { type GenerateRequest, planRequestOf, validate } from "./generate-request.ts";
import { getPreset, whitePlacement } from "./presets/presets.ts";
import { sceneGeometry } from "./render/index.ts";
import { planScenes } from "./scenes/index.ts";
import type { Cutout } from "./types.ts";

/**
 * The product's long side, px, in the largest of the outputs generateFromCutout(cut, req) makes:
 * a cut-out whose product is at least this large gives them without upsampling it (the server
 * picks the render copy or the full cut-out by it, cutout/render-copy.ts). From the plan and the
 * placements alone, no pixels: sizes depend on its box's aspect, the sides the photo cut, and its
 * box's pixel size only where that is small (a small photo is framed within 1.5× its pixels,
 * scenes/plan-scenes.ts; a render copy is never that small).
 */
export function productSideNeeded(
  cut: Pick<Cutout, "bbox" | "colors" | "product" | "croppedSides">,
  req: GenerateRequest = {},
): number {
  validate(req);
  const preset = getPreset(req.preset ?? "web");
  const width = req.width ?? preset.width;
  const height = req.height ?? preset.height;
  const frame = { width, height };
  const targets =
    preset.background === "white"
      ? [whitePlacement(cut, width, height)]
      : planScenes(planRequestOf(cut, req, width, height))
          .slice(0, req.count ?? 4)
          .map((plan) => sceneGeometry(plan).placement);
  return Math.max(
    ...targets.map((target) => {
      const p = computePlacement(cut, target, frame);
      return Math.max(p.width, p.height);
    }),
  );
}
