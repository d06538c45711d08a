// A product the photo cut off is recognised by its matte running into the border; one that
// only grazes the border is not; the sides survive the server's cache (and old cache entries,
// stored before the field existed, still read).
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { decodeImage } from "../input/decode.ts";
import { croppedSides } from "./cropped-sides.ts";
import { cutout } from "./cutout.ts";
import { deserializeCutout, serializeCutout } from "./serialize.ts";

/** a matte: 255 inside the given test, 0 elsewhere */
function matte(w: number, h: number, inside: (x: number, y: number) => boolean): Buffer {
  const rgba = Buffer.alloc(w * h * 4, 128);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) rgba[(y * w + x) * 4 + 3] = inside(x, y) ? 255 : 0;
  return rgba;
}

function bboxOf(rgba: Buffer, w: number, h: number) {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (rgba[(y * w + x) * 4 + 3]! > 8) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** a photo: a grey backdrop and a red box from (x0, y0) to (x1, y1), exclusive ends */
async function boxPhoto(w: number, h: number, x0: number, y0: number, x1: number, y1: number) {
  const rgb = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const inBox = x >= x0 && x < x1 && y >= y0 && y < y1;
      const o = (y * w + x) * 3;
      rgb[o] = inBox ? 190 + ((x * 7 + y * 3) % 30) : 236;
      rgb[o + 1] = inBox ? 40 : 236;
      rgb[o + 2] = inBox ? 35 : 232;
    }
  return sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}

describe("cropped sides", { timeout: 60_000 }, () => {
  it("finds the sides whose border the matte runs into, not the ones it grazes", () => {
    const w = 200;
    const h = 160;
    // cut at the bottom and the left
    const a = matte(w, h, (x, y) => x < 120 && y > 60);
    expect(croppedSides(a, w, h, bboxOf(a, w, h))).toEqual(["bottom", "left"]);
    // a disc touching the top border at one point, a spike touching the right over 2 px
    const b = matte(w, h, (x, y) => Math.hypot(x - 100, y - 50) <= 50 || (y >= 80 && y < 82));
    expect(croppedSides(b, w, h, bboxOf(b, w, h))).toEqual([]);
    // everything: all four
    const c = matte(w, h, () => true);
    expect(croppedSides(c, w, h, bboxOf(c, w, h))).toEqual(["top", "bottom", "left", "right"]);
  });

  it("records a product cut at the bottom on the cut-out and keeps it through the cache", async () => {
    const png = await boxPhoto(320, 260, 90, 110, 230, 260);
    const cut = await cutout(await decodeImage(png), { method: "classical" });
    expect(cut.bbox.y + cut.bbox.height).toBe(260);
    expect(cut.croppedSides).toEqual(["bottom"]);
    const { png: stored, meta } = await serializeCutout(cut);
    const back = await deserializeCutout(stored, JSON.parse(JSON.stringify(meta)));
    expect(back.croppedSides).toEqual(["bottom"]);
    // a cut-out cached before the field existed reads as "nothing cut"
    const { croppedSides: _, ...old } = meta;
    const legacy = await deserializeCutout(stored, JSON.parse(JSON.stringify(old)));
    expect(legacy.croppedSides).toBeUndefined();
    // a whole product has no field at all
    const whole = await cutout(await decodeImage(await boxPhoto(320, 260, 90, 60, 230, 200)), {
      method: "classical",
    });
    expect(whole.croppedSides).toBeUndefined();
  });
});
