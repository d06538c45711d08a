// The kind read from the photo is stored with the cut-out; cut-outs stored before it load.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Cutout } from "../types.ts";
import { type CutoutMeta, deserializeCutout, serializeCutout } from "./serialize.ts";

async function smallCutout(): Promise<Cutout> {
  const rgba = await sharp({
    create: { width: 8, height: 6, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } },
  })
    .raw()
    .toBuffer();
  return {
    width: 8,
    height: 6,
    rgba,
    bbox: { x: 0, y: 0, width: 8, height: 6 },
    colors: [[200, 30, 30]],
    method: "isnet",
  };
}

describe("the detected kind in the stored cut-out", () => {
  it("round-trips through the meta JSON", async () => {
    const cut = { ...(await smallCutout()), product: { kind: "car", confidence: 0.66 } };
    const { png, meta } = await serializeCutout(cut);
    const stored = JSON.parse(JSON.stringify(meta)) as CutoutMeta;
    expect(stored.product).toEqual({ kind: "car", confidence: 0.66 });
    expect((await deserializeCutout(png, stored)).product).toEqual(cut.product);
  });

  it("loads meta stored before detection, and ignores a damaged kind", async () => {
    const { png, meta } = await serializeCutout(await smallCutout());
    expect(meta).not.toHaveProperty("product");
    expect(await deserializeCutout(png, meta)).not.toHaveProperty("product");
    const damaged = { ...meta, product: { kind: 3, confidence: "high" } } as unknown as CutoutMeta;
    expect(await deserializeCutout(png, damaged)).not.toHaveProperty("product");
  });
});
