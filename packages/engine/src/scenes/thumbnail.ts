// Template thumbnails: the template's empty set, rendered by our own renderer.
import sharp from "sharp";
import { renderScene } from "../render/render-scene.ts";
import { planScenes } from "./plan-scenes.ts";
import { findTemplate } from "./templates.ts";

/** a neutral mid-size product stands in for the seller's, so the set is framed as it will be */
const STAND_IN = { colors: [[150, 150, 150] as const], aspectRatio: 0.7 };

/** WebP of the template's empty set, `size`×`size`; same id and size → same bytes */
export async function renderTemplateThumbnail(id: string, size: number): Promise<Buffer> {
  if (!findTemplate(id)) throw new RangeError(`unknown template "${id}"`);
  if (!Number.isInteger(size) || size < 32 || size > 2048)
    throw new RangeError("thumbnail size must be an integer 32..2048");
  // show the set at its most characteristic: a variant with a stage and some props, found by
  // trying seeds in a fixed order (deterministic)
  let plan = planScenes({
    templateId: id,
    seed: 7,
    count: 1,
    width: size,
    height: size,
    product: STAND_IN,
  })[0]!;
  for (let seed = 1; seed <= 16; seed++) {
    const p = planScenes({
      templateId: id,
      seed,
      count: 1,
      width: size,
      height: size,
      product: STAND_IN,
    })[0]!;
    if (p.layout !== "floor" && p.props.length >= 2) {
      plan = p;
      break;
    }
  }
  const scene = await renderScene(plan);
  return sharp(scene.rgb, { raw: { width: size, height: size, channels: 3 } })
    .webp({ quality: 86 })
    .toBuffer();
}
