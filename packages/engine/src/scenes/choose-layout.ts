// Which staging a shot gets (a podium, steps, a slab, the floor): what the prompt asked for,
// else what suits the product's shape among the template's layouts, a different one per shot.
import type { Intent } from "./parse-prompt.ts";
import type { LayoutKind, TemplateDef } from "./template.types.ts";

/** a staging word asks for a family of layouts, so the shots still differ */
const FAMILY: Record<LayoutKind, LayoutKind[]> = {
  podium: ["podium", "tiered", "duo"],
  tiered: ["tiered", "podium"],
  duo: ["duo", "podium"],
  plinth: ["plinth", "steps"],
  steps: ["steps", "plinth"],
  slab: ["slab"],
  arch: ["arch"],
  floor: ["floor"],
};

export function chooseLayout(
  tpl: TemplateDef,
  intent: Intent,
  ar: number,
  seed: number,
  nth: number,
  /** the camera looks down from high up: an arch against the wall shows only its lower part,
   * a tone-on-tone block hanging from the frame's top edge (the brief sheet's pink set) */
  fromHigh = false,
): LayoutKind {
  // a staging word asks for a family of layouts, so variants still differ
  const asked = intent.layouts
    .flatMap((l) => FAMILY[l])
    .filter((l, i, all) => all.indexOf(l) === i && (l !== "arch" || tpl.backdrop !== "outdoor"));
  if (asked.length) return asked[nth % asked.length]!;
  // tall products look best raised; wide and flat ones on a surface or a slab
  const prefer = (l: LayoutKind) =>
    ar < 0.75
      ? l === "floor" || l === "slab"
        ? 1
        : 0
      : ar > 1.4
        ? l === "podium" || l === "tiered" || l === "steps"
          ? 1
          : 0
        : 0;
  const fits = tpl.layouts.filter((l) => !fromHigh || l !== "arch");
  const ordered = [...(fits.length ? fits : tpl.layouts)].sort((a, b) => prefer(a) - prefer(b));
  return ordered[(nth + (seed % ordered.length)) % ordered.length]!;
}
