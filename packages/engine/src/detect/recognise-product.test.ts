// Recognition over the whole cut-out (issue 28): the union of a kind's boxes against the matte,
// the views' evidence combined, and the outline's fallback. Drawn mattes, no model needed,
// except the last test, which runs the detector on a drawn clock.
import { describe, expect, it } from "vitest";
import { syntheticClock } from "../../test/fixtures/synthetic-clock.ts";
import { cutout } from "../cutout/cutout.ts";
import { decodeImage } from "../input/decode.ts";
import type { Cutout } from "../types.ts";
import type { RawDetection } from "./centernet-model.ts";
import { type Box, bestUnion, fitOf, maskGrid } from "./cover.ts";
import { withDetectedProduct } from "./detect-product.ts";
import {
  confirmedByContext,
  decideKind,
  evidenceByLabel,
  type LabelEvidence,
  productFromShape,
  recogniseProduct,
} from "./recognise-product.ts";
import { kindFromShape, shapeFeatures } from "./shape-kind.ts";

/** an RGBA matte of `w`×`h` with the given rectangles (fractions) opaque */
function matte(w: number, h: number, rects: Box[], inside?: (x: number, y: number) => boolean) {
  const rgba = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const fx = (x + 0.5) / w;
      const fy = (y + 0.5) / h;
      const on = inside
        ? inside(fx, fy)
        : rects.some((r) => fx >= r[0] && fx <= r[2] && fy >= r[1] && fy <= r[3]);
      if (on) rgba[(y * w + x) * 4 + 3] = 255;
    }
  return rgba;
}

const det = (label: string, score: number, box: Box): RawDetection => ({ label, score, box });

describe("the union of a kind's boxes over the cut-out", () => {
  // two cars side by side: the cut-out holds both
  const cars: Box[] = [
    [0.05, 0.4, 0.48, 0.8],
    [0.52, 0.42, 0.95, 0.8],
  ];
  const mask = maskGrid(matte(320, 240, cars), 320, 240);

  it("covers two of a kind with both boxes, where one box's fit is half", () => {
    expect(fitOf([cars[0]!], mask).fit).toBeLessThan(0.6);
    const u = bestUnion(cars, mask);
    expect(u.boxes).toHaveLength(2);
    expect(u.fit.fit).toBeGreaterThan(0.9);
  });

  it("leaves out a box that takes in mostly background", () => {
    const u = bestUnion([...cars, [0, 0, 1, 0.35]], mask);
    expect(u.boxes).toHaveLength(2);
  });

  it("names the kind of two cars, which one box's IoU of 0.5 could not", () => {
    const ev = evidenceByLabel(
      [
        det("car", 0.45, cars[0]!),
        det("car", 0.4, cars[1]!),
        det("person", 0.3, [0.8, 0.1, 0.9, 0.5]),
      ],
      mask,
    );
    expect(ev[0]!.label).toBe("car");
    expect(decideKind([ev]).product).toMatchObject({ kind: "car", source: "photo" });
  });

  it("is not fooled by the table under a bottle", () => {
    const bottle: Box = [0.42, 0.1, 0.58, 0.62];
    const m = maskGrid(matte(200, 200, [bottle]), 200, 200);
    const ev = evidenceByLabel(
      [det("dining table", 0.7, [0, 0.5, 1, 1]), det("bottle", 0.35, [0.41, 0.09, 0.59, 0.63])],
      m,
    );
    expect(decideKind([ev]).product?.kind).toBe("bottle");
  });

  it("counts two views agreeing above either alone, and keeps an unsure kind", () => {
    const one = [{ label: "banana", score: 0.3, fit: 0.8, evidence: 0.27 }];
    const both = decideKind([one, one]).product!;
    expect(both.kind).toBe("banana");
    expect(both.confidence).toBeGreaterThan(decideKind([one]).product!.confidence);
    const unsure = decideKind([[{ label: "cup", score: 0.16, fit: 0.9, evidence: 0.15 }]]);
    expect(unsure.product).toEqual({ kind: "cup", confidence: 0.15, source: "photo" });
  });

  it("names no product when a person is clearly the subject", () => {
    const r = decideKind([
      [
        { label: "person", score: 0.8, fit: 0.9, evidence: 0.76 },
        { label: "tie", score: 0.2, fit: 0.1, evidence: 0.06 },
      ],
    ]);
    expect(r).toEqual({ product: null, subjectIsNoProduct: true });
    expect(decideKind([[]]).product).toBeNull();
  });
});

describe("guesses the photo does not back", () => {
  const ev = (label: string, evidence: number): LabelEvidence => ({
    label,
    evidence,
    score: evidence,
    fit: 1,
  });

  it("counts the isolated view's labels only where the photo's view saw them too", () => {
    // the book of the bench: alone on grey the detector calls it an umbrella
    const seen = [
      { view: "context" as const, evidence: [ev("book", 0.18)] },
      { view: "isolated" as const, evidence: [ev("umbrella", 0.42), ev("book", 0.1)] },
    ];
    const confirmed = confirmedByContext(seen);
    expect(confirmed[1]!.map((e) => e.label)).toEqual(["book"]);
    expect(decideKind(confirmed).product?.kind).toBe("book");
    // seen round the product too, the isolated view's umbrella still counts (at its weight)
    seen[0]!.evidence.push(ev("umbrella", 0.11));
    expect(decideKind(confirmedByContext(seen)).product?.kind).toBe("umbrella");
  });

  it("names a kind that stands on a floor or the ground only on firm evidence", () => {
    // a tank top read as a bed at 0.26 would stand 2 m tall in a room
    expect(decideKind([[ev("bed", 0.26)]]).product).toBeNull();
    expect(decideKind([[ev("car", 0.39)]]).product?.kind).toBe("car");
    // a tabletop kind keeps the lower floor: mistaken, it stays a tabletop set
    expect(decideKind([[ev("umbrella", 0.26)]]).product?.kind).toBe("umbrella");
  });
});

describe("the cut-out's outline", () => {
  it("reads a filled rectangle as a box and a necked silhouette as a bottle", () => {
    const box = shapeFeatures(matte(300, 300, [[0.25, 0.2, 0.7, 0.85]]), 300, 300)!;
    expect(kindFromShape(box)).toMatchObject({ kind: "box", source: "shape" });
    const bottle = matte(200, 400, [], (x, y) =>
      y < 0.35 ? Math.abs(x - 0.5) < 0.06 && y > 0.08 : Math.abs(x - 0.5) < 0.2 && y < 0.92,
    );
    expect(kindFromShape(shapeFeatures(bottle, 200, 400)!)).toMatchObject({ kind: "bottle" });
  });

  it("names nothing for a shape it cannot tell (a round blob, an empty matte)", () => {
    const blob = matte(300, 300, [], (x, y) => (x - 0.5) ** 2 + (y - 0.5) ** 2 < 0.1);
    expect(kindFromShape(shapeFeatures(blob, 300, 300)!)).toBeNull();
    expect(shapeFeatures(new Uint8Array(40 * 40 * 4), 40, 40)).toBeNull();
  });

  it("answers for a cut-out as withDetectedProduct would without the detector", () => {
    const cut: Cutout = {
      width: 300,
      height: 300,
      rgba: Buffer.from(matte(300, 300, [[0.2, 0.2, 0.8, 0.8]])),
      bbox: { x: 60, y: 60, width: 180, height: 180 },
      colors: [[200, 200, 200]],
      method: "isnet",
    };
    expect(productFromShape(cut)?.kind).toBe("box");
  });
});

describe("recognition on real pixels", { timeout: 60_000 }, () => {
  it("reads the drawn clock, in both views, once per upload", async () => {
    const image = await decodeImage(await syntheticClock());
    const cut = await cutout(image, { method: "classical" });
    const rec = await recogniseProduct(image, cut);
    expect(rec.views.map((v) => v.view)).toEqual(["context", "isolated"]);
    expect(rec.product).toMatchObject({ kind: "clock", source: "photo" });
    expect((await withDetectedProduct(image, cut)).product).toEqual(rec.product);
  });
});
