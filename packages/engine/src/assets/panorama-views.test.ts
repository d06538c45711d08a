import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StandInPack, writeStandInPack } from "../../test/fixtures/stand-in-pack.ts";
import { req } from "../scenes/photo-sets/photo-sets.test-helper.ts";
import { planScenes } from "../scenes/plan-scenes.ts";
import { packEntries, packEntry, presentEntries } from "./pack.ts";
import { panoramaView, VIEW_SIDE, viewPlates } from "./panorama-views.ts";
import { setPhotoPack } from "./photo-pack.ts";

/** a flat-scanline Radiance HDR, `at(x, y)` its linear RGB (each under 1) */
function hdrFile(width: number, height: number, at: (x: number, y: number) => number[]) {
  const head = new TextEncoder().encode(
    `#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y ${height} +X ${width}\n`,
  );
  const px = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      // exponent 128: a byte is 1/256 of a unit
      at(x, y).forEach((v, c) => {
        px[o + c] = Math.round(v * 256);
      });
      px[o + 3] = 128;
    }
  const bytes = new Uint8Array(head.length + px.length);
  bytes.set(head);
  bytes.set(px, head.length);
  return bytes;
}

describe("a plate cut from a panorama", () => {
  // grey all round but for a red patch on the horizon 120° right of the image's centre
  const W = 72;
  const H = 36;
  const redAt = (x: number, y: number) =>
    Math.abs(x - W * (120 / 360 + 0.5)) < 3 && Math.abs(y - H / 2) < 3;
  const file = hdrFile(W, H, (x, y) => (redAt(x, y) ? [0.9, 0.02, 0.02] : [0.1, 0.1, 0.1]));
  const centre = (rgb: Uint8Array) => {
    const o = ((VIEW_SIDE / 2) * VIEW_SIDE + VIEW_SIDE / 2) * 3;
    return [rgb[o]!, rgb[o + 1]!, rgb[o + 2]!];
  };

  it("looks where its yaw says, level, exposed to a mid grey", () => {
    const toward = panoramaView(file, 120);
    expect(toward.length).toBe(VIEW_SIDE * VIEW_SIDE * 3);
    const [r, g] = centre(toward);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    const away = panoramaView(file, -60);
    const [ar = 0, ag = 0, ab = 0] = centre(away);
    expect(Math.abs(ar - ag)).toBeLessThan(3);
    expect(Math.abs(ag - ab)).toBeLessThan(3);
    // the median (the grey) is exposed to 18 %, a shoulder above: about 116 in sRGB
    expect(ag).toBeGreaterThan(100);
    expect(ag).toBeLessThan(130);
  });

  it("is a plate of the panorama's tags, level, shown only out of focus", () => {
    const views = packEntries().flatMap(viewPlates);
    expect(views.length).toBeGreaterThanOrEqual(3);
    expect(new Set(views.map((v) => v.id)).size).toBe(views.length);
    for (const v of views) {
      expect(v.kind).toBe("plate");
      expect(packEntry(v.id)).toEqual(v);
      expect(v.tags.en).toEqual(packEntry(v.view!.of)!.tags.en);
      expect(v.plate!.horizon).toBe(0.5);
      expect(v.plate!.defocus).toBeGreaterThanOrEqual(1.3);
      expect(Math.abs(v.plate!.lightAzimuth)).toBeLessThanOrEqual(90);
    }
  });
});

describe("in a forest, with the pack's panoramas", () => {
  let pack: StandInPack;
  beforeAll(async () => {
    pack = await writeStandInPack(["surface", "wall", "plate", "panorama"]);
    setPhotoPack(pack.dir, pack.ids);
  });
  afterAll(() => {
    setPhotoPack(null);
    pack.remove();
  });

  it("stands the product before a forest seen through the trees, not a lake under a mountain", () => {
    expect(presentEntries("plate").some((e) => e.view)).toBe(true);
    for (const seed of [1, 3, 7]) {
      const plans = planScenes(req("in a forest", { seed }));
      for (const p of plans) {
        const plate = packEntry(p.backPlate!.id)!;
        expect(plate.view, plate.id).toBeDefined();
        expect(plate.tags.en).toContain("forest");
        expect(p.backPlate!.defocus).toBeGreaterThanOrEqual(plate.plate!.defocus!);
      }
      // four shots, more than one view
      expect(new Set(plans.map((p) => p.backPlate!.id)).size).toBeGreaterThan(1);
    }
  });

  it("keeps the views to the panoramas this install holds", () => {
    setPhotoPack(
      pack.dir,
      pack.ids.filter((id) => !id.includes("pine-forest-slope")),
    );
    expect(presentEntries("plate").some((e) => e.view?.of.includes("pine-forest-slope"))).toBe(
      false,
    );
    setPhotoPack(pack.dir, pack.ids);
  });
});
