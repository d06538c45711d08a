// The table a garment is laid on and the wall it hangs before, from the photographic pack when
// this install has it: the pack's scanned linen dyed to the set's colour, its oak or pine, its
// plaster tinted as paper or paint, its concrete, each one tile at its real size. The drawn
// linen, wood and paper (and the drawn sprigs, dishes and notebooks beside the garment) were
// the clothing app's tell: "a computer image".
import { loadAsset } from "../assets/asset-images.ts";
import { presentEntries, setsArePhotographic } from "../assets/pack.ts";
import type { MaterialSpec } from "../render/set-plan.types.ts";
import { nearestInColor, tintTowards, withTags } from "../scenes/photo-sets/choose-scan.ts";

/** which scans stand for each drawn surface (any of `tags`, none of `not`), and whether they
 * take the set's colour */
const SCANS: Partial<
  Record<MaterialSpec["kind"], { tags: string[]; not?: string[]; dyed: boolean }>
> = {
  linen: { tags: ["linen"], dyed: true },
  // the weathered planks (a 2K scan): the oak and pine floorboards are a 1K texture whose
  // knots, enlarged three times under a garment, read as a laminate print
  wood: { tags: ["planks"], dyed: false },
  // (the smooth painted plaster: the rough limewash under a tee read as "a textured plaster
  // wall" it floated on, round 22)
  paper: { tags: ["plaster"], not: ["rough"], dyed: true },
  plaster: { tags: ["plaster"], dyed: true },
  concrete: { tags: ["concrete"], dyed: false },
};

/**
 * The scanned material for a drawn surface or wall spec, its texture decoded, or undefined when the
 * sets are drawn (no pack) or the pack has no scan for it. `variant` picks among the closest.
 */
export async function scannedSurface(
  drawn: MaterialSpec,
  variant: number,
): Promise<MaterialSpec | undefined> {
  const kind = SCANS[drawn.kind];
  if (!kind || !setsArePhotographic()) return undefined;
  const found = withTags(
    [...presentEntries("surface"), ...presentEntries("wall")],
    kind.tags,
  ).filter((e) => !kind.not?.some((t) => e.tags.en.includes(t)));
  const entry = nearestInColor(found, drawn.color, variant);
  if (!entry) return undefined;
  await loadAsset(entry.id);
  return {
    kind: "scan",
    texture: entry.id,
    color: [255, 255, 255],
    accent: [255, 255, 255],
    // world units are metres here (the styles' unitsPerPx)
    scale: (entry.surface?.tileCm ?? 100) / 100,
    gloss: 0,
    ...(kind.dyed ? tintTowards(entry, drawn.color) : {}),
  };
}
