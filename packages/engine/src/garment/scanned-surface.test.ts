import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StandInPack, writeStandInPack } from "../../test/fixtures/stand-in-pack.ts";
import { packEntry } from "../assets/pack.ts";
import { setPhotoPack } from "../assets/photo-pack.ts";
import type { MaterialSpec } from "../render/set-plan.types.ts";
import { scannedSurface } from "./scanned-surface.ts";

// every surface, wall and plate of the manifest as a tiny image: the choice is by the manifest
let pack: StandInPack;
beforeAll(async () => {
  pack = await writeStandInPack(["surface", "wall", "plate"]);
});

afterAll(() => {
  setPhotoPack(null);
  pack.remove();
});

const drawn = (kind: MaterialSpec["kind"], color: [number, number, number]): MaterialSpec => ({
  kind,
  color,
  accent: color,
  scale: 0.02,
  gloss: 0,
});

describe("a garment's table or wall", () => {
  it("is drawn while the install has no pack", async () => {
    setPhotoPack(null);
    expect(await scannedSurface(drawn("linen", [226, 219, 206]), 0)).toBeUndefined();
  });

  it("is the pack's scan when it has one: linen dyed to the set's colour, wood as it grew", async () => {
    setPhotoPack(pack.dir, pack.ids);
    const linen = await scannedSurface(drawn("linen", [226, 219, 206]), 0);
    expect(linen?.kind).toBe("scan");
    expect(packEntry(linen!.texture!)?.tags.en).toContain("linen");
    // one tile at its real size, in metres
    expect(linen!.scale).toBeCloseTo(packEntry(linen!.texture!)!.surface!.tileCm / 100, 5);
    expect(linen!.gain).toBeDefined();
    const wood = await scannedSurface(drawn("wood", [196, 160, 120]), 1);
    expect(wood?.kind).toBe("scan");
    expect(wood!.gain).toBeUndefined();
  });

  /** the tags of the scan chosen for `kind`, for each colour and every variant */
  const tagsChosen = async (kind: MaterialSpec["kind"], colors: [number, number, number][]) => {
    setPhotoPack(pack.dir, pack.ids);
    const out: string[][] = [];
    for (const color of colors)
      for (const variant of [0, 1, 2, 3]) {
        const scan = await scannedSurface(drawn(kind, color), variant);
        out.push(packEntry(scan!.texture!)?.tags.en ?? []);
      }
    return out;
  };

  it("lays a garment on paper as the smooth painted plaster, never the rough limewash", async () => {
    for (const tags of await tagsChosen("paper", [
      [240, 238, 234],
      [196, 178, 156],
    ])) {
      expect(tags).toContain("plaster");
      expect(tags).not.toContain("rough");
    }
  });

  it("lays a garment on the planks' scan for wood, never the floorboards' 1K texture", async () => {
    // a light wood and a dark one, every variant: the floorboards' knots, three times
    // enlarged under a garment, read as a laminate print (round 20)
    for (const tags of await tagsChosen("wood", [
      [224, 197, 155],
      [120, 90, 60],
    ]))
      expect(tags).toContain("planks");
  });
});
