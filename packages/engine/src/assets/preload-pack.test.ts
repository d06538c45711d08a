import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StandInPack, writeStandInPack } from "../../test/fixtures/stand-in-pack.ts";
import { loadedAsset } from "./asset-images.ts";
import { packEntries } from "./pack.ts";
import { setPhotoPack } from "./photo-pack.ts";
import { adoptPackImages, packImagesToPreload, preloadPackImages } from "./preload-pack.ts";

const used = () => packEntries().filter((e) => ["surface", "wall", "plate"].includes(e.kind));
// a pack of tiny stand-ins: every surface, wall and plate, so the sets are photographic
let pack: StandInPack;
let dir = "";

beforeAll(async () => {
  pack = await writeStandInPack(["surface", "wall", "plate"], () => [90, 120, 60], {
    width: 8,
    height: 6,
  });
  dir = pack.dir;
});

afterAll(() => {
  setPhotoPack(null);
  pack.remove();
});

describe("preloading the pack's images", () => {
  it("decodes nothing while the sets are drawn", async () => {
    setPhotoPack(null);
    expect(packImagesToPreload()).toEqual([]);
    setPhotoPack(
      dir,
      used()
        .slice(1)
        .map((e) => e.id),
    );
    expect(await preloadPackImages()).toEqual([]);
  });

  it("decodes the surfaces and walls, not the plates, into shared memory", async () => {
    setPhotoPack(
      dir,
      used().map((e) => e.id),
    );
    const images = await preloadPackImages();
    const kinds = new Set(images.map((img) => packEntries().find((e) => e.id === img.id)?.kind));
    expect([...kinds].sort()).toEqual(["surface", "wall"]);
    expect(images.length).toBe(used().filter((e) => e.kind !== "plate").length);
    for (const img of images) {
      expect(img.rgb.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(img.rgb.length).toBe(img.width * img.height * 3);
      // the image the renders read is the one handed out
      expect(loadedAsset(img.id)?.rgb).toBe(img.rgb);
    }
  });

  it("keeps an image another thread decoded without copying it", () => {
    const id = used().find((e) => e.kind === "plate")!.id;
    const rgb = new Uint8Array(new SharedArrayBuffer(2 * 2 * 3)).fill(200);
    adoptPackImages([{ id, width: 2, height: 2, rgb }]);
    const kept = loadedAsset(id);
    expect(kept?.rgb).toBe(rgb);
    // read as sRGB: byte 200 is about 0.58 in linear light
    expect(kept?.toLinear[200]).toBeCloseTo(0.578, 3);
  });
});
