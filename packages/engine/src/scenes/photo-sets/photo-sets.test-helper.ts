// What the photographic-set tests share: a plan request, the stand-in pack they run on (every
// surface and wall green, every plate red, so a test can tell in a render which is which), and
// reading a plan's plates and tags.
import { afterAll, beforeAll } from "vitest";
import { type StandInPack, writeStandInPack } from "../../../test/fixtures/stand-in-pack.ts";
import { packEntry } from "../../assets/pack.ts";
import { setPhotoPack } from "../../assets/photo-pack.ts";
import type { SetPlan } from "../../render/set-plan.types.ts";
import type { RGB } from "../../types.ts";

export const PLATE: RGB = [220, 30, 30];
export const SURFACE: RGB = [30, 200, 40];

export const req = (prompt: string, over: object = {}) => ({
  prompt,
  seed: 3,
  count: 4,
  width: 256,
  height: 256,
  product: { colors: [[40, 90, 200]] as RGB[], aspectRatio: 0.6 },
  ...over,
});

/** writes the stand-in pack before the file's tests and sets it as this install's */
export function useStandInPack(): { pack: () => StandInPack } {
  let pack: StandInPack | undefined;
  beforeAll(async () => {
    pack = await writeStandInPack(
      // (panoramas too: a forest's plates are views of them)
      ["surface", "wall", "plate", "panorama"],
      (e) => (e.kind === "plate" ? PLATE : SURFACE),
      { width: 64, height: 48 },
    );
    setPhotoPack(pack.dir, pack.ids);
  });
  afterAll(() => {
    setPhotoPack(null);
    pack?.remove();
  });
  return { pack: () => pack! };
}

export const plates = (plans: SetPlan[]) => plans.map((p) => p.backPlate?.id);
export const tagsOf = (id: string | undefined) => packEntry(id ?? "")?.tags.en ?? [];
