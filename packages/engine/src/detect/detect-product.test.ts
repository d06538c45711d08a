// The detector on real pixels: the model from its npm package, run on photos drawn here.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { syntheticClock } from "../../test/fixtures/synthetic-clock.ts";
import { syntheticPhoto } from "../../test/fixtures/synthetic-product.ts";
import { cutout } from "../cutout/cutout.ts";
import { decodeImage } from "../input/decode.ts";
import { SEEN_KINDS, seenProduct } from "../scenes/seen-products.ts";
import { DETECT_SIZE, runDetector } from "./centernet-model.ts";
import { kindForCoco } from "./coco-kinds.ts";
import { COCO_LABELS } from "./coco-labels.ts";
import { detectProduct, pickProduct, withDetectedProduct } from "./detect-product.ts";

describe("the COCO detector", { timeout: 60_000 }, () => {
  it("loads from its package and answers with well-formed detections", async () => {
    const { data } = await sharp((await syntheticPhoto({ shape: "bottle" })).bytes)
      .removeAlpha()
      .resize(DETECT_SIZE, DETECT_SIZE, { fit: "fill" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const found = await runDetector(data);
    expect(found.length).toBeGreaterThan(0);
    for (const d of found) {
      expect(COCO_LABELS).toContain(d.label);
      expect(d.score).toBeGreaterThanOrEqual(0);
      expect(d.score).toBeLessThanOrEqual(1);
      expect(d.box.every(Number.isFinite)).toBe(true);
      expect(d.box[2]).toBeGreaterThanOrEqual(d.box[0]);
      expect(d.box[3]).toBeGreaterThanOrEqual(d.box[1]);
    }
    // best first
    expect(found.map((d) => d.score)).toEqual([...found.map((d) => d.score)].sort((a, b) => b - a));
  });

  it("reads a drawn clock as a clock, matched to its cut-out", async () => {
    const image = await decodeImage(await syntheticClock());
    const cut = await cutout(image, { method: "classical" });
    const product = await detectProduct(image, cut.bbox);
    expect(product?.kind).toBe("clock");
    expect(product!.confidence).toBeGreaterThan(0.5);
    expect((await withDetectedProduct(image, cut)).product).toMatchObject({ kind: "clock" });
  });

  it("names nothing when the cut-out's box holds no detection", async () => {
    const image = await decodeImage(await syntheticClock());
    // a corner of the wall, away from the clock
    expect(await detectProduct(image, { x: 0, y: 0, width: 40, height: 40 })).toBeNull();
  });
});

describe("which detection is the product", () => {
  const det = (label: string, score: number, box: [number, number, number, number]) => ({
    label,
    score,
    box,
  });

  it("takes the detection that covers the cut-out, not the person beside it", () => {
    const picked = pickProduct(
      [det("person", 0.79, [0.8, 0.2, 0.95, 0.8]), det("car", 0.6, [0.05, 0.4, 0.8, 0.85])],
      [0.04, 0.38, 0.82, 0.86],
    );
    expect(picked).toEqual({ kind: "car", confidence: 0.6 });
  });

  it("is not fooled by the table under the product", () => {
    const picked = pickProduct(
      [det("dining table", 0.7, [0, 0.5, 1, 1]), det("bottle", 0.45, [0.4, 0.1, 0.6, 0.7])],
      [0.41, 0.12, 0.6, 0.69],
    );
    expect(picked?.kind).toBe("bottle");
  });

  it("names nothing for an unsure guess, a person, or a box elsewhere", () => {
    const subject: [number, number, number, number] = [0.2, 0.2, 0.8, 0.8];
    expect(pickProduct([det("book", 0.27, [0.2, 0.2, 0.8, 0.8])], subject)).toBeNull();
    expect(pickProduct([det("person", 0.9, [0.2, 0.2, 0.8, 0.8])], subject)).toBeNull();
    expect(pickProduct([det("car", 0.9, [0.7, 0.7, 1, 1])], subject)).toBeNull();
    expect(pickProduct([], subject)).toBeNull();
  });

  it("maps every product class to a kind the planner knows", () => {
    const kinds = COCO_LABELS.map(kindForCoco).filter((k): k is string => k !== null);
    expect(kinds.length).toBeGreaterThanOrEqual(40);
    for (const k of kinds) expect(seenProduct(k), k).not.toBeNull();
    // the planner knows every COCO kind, and the kinds the outline or the seller name
    for (const k of kinds) expect(SEEN_KINDS).toContain(k);
    for (const k of ["box", "lamp", "candle", "shoe"]) expect(seenProduct(k), k).not.toBeNull();
    expect(kindForCoco("person")).toBeNull();
    expect(kindForCoco("dog")).toBeNull();
    expect(kindForCoco("couch")).toBe("sofa");
  });
});
