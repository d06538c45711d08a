import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { flatScene } from "../../test/fixtures/flat-scene.ts";
import { syntheticPhoto } from "../../test/fixtures/synthetic-product.ts";
import { compositeProduct } from "../composite/composite.ts";
import { encodeImage } from "../composite/encode.ts";
import { cutout } from "../cutout/cutout.ts";
import { decodeImage } from "../input/decode.ts";
import { checkAmazon } from "./check-amazon.ts";
import { getPreset, presets, whiteScene } from "./presets.ts";

async function boxCutout() {
  const p = await syntheticPhoto({ shape: "box", width: 400, height: 500 });
  return cutout(await decodeImage(p.bytes), { method: "classical" });
}

describe("presets", { timeout: 60_000 }, () => {
  it("have the documented frames", () => {
    const frames = Object.fromEntries(
      Object.values(presets).map((p) => [p.name, [p.width, p.height]]),
    );
    expect(frames).toEqual({
      web: [1024, 1024],
      amazon: [2000, 2000],
      shopify: [2048, 2048],
      instagram: [1080, 1350],
      story: [1080, 1920],
      etsy: [2667, 2000],
    });
    expect(presets.instagram.width / presets.instagram.height).toBeCloseTo(4 / 5);
    expect(presets.story.width / presets.story.height).toBeCloseTo(9 / 16);
    expect(() => getPreset("myspace")).toThrow(/Unknown preset/);
  });

  it("the Amazon white scene passes the Amazon checker, as JPEG and PNG", async () => {
    const cut = await boxCutout();
    const scene = whiteScene(cut, 2000, 2000);
    // as generate composites it (generate.ts)
    const r = await compositeProduct(scene, cut, {
      shadows: false,
      lightWrap: false,
      matchGrain: false,
    });
    for (const format of ["jpeg", "png"] as const) {
      const file = await encodeImage(r.rgb, 2000, 2000, { format, quality: 92 });
      const check = await checkAmazon(file);
      expect(check.reasons).toEqual([]);
      expect(check.ok).toBe(true);
      expect(check.metrics.fill).toBeGreaterThanOrEqual(0.85);
    }
  });
});

describe("checkAmazon", { timeout: 60_000 }, () => {
  it("names every broken rule", async () => {
    const cut = await boxCutout();
    // a lifestyle scene: coloured background, 800 px, WebP
    const r = await compositeProduct(flatScene(800, 800), cut);
    const webp = await sharp(r.rgb, { raw: { width: 800, height: 800, channels: 3 } })
      .webp()
      .toBuffer();
    const check = await checkAmazon(webp);
    expect(check.ok).toBe(false);
    const text = check.reasons.join("\n");
    expect(text).toMatch(/at least 1000 px/);
    expect(text).toMatch(/WEBP/);
    expect(text).toMatch(/not pure white/);
    expect(check.reasons).toHaveLength(3);
  });

  it("flags a small product on white and a transparent background", async () => {
    const cut = await boxCutout();
    const r = await compositeProduct(whiteScene(cut, 1500, 1500, 0.5), cut, { shadows: false });
    const small = await checkAmazon(await encodeImage(r.rgb, 1500, 1500, { format: "png" }));
    expect(small.ok).toBe(false);
    expect(small.reasons).toHaveLength(1);
    expect(small.metrics.fill).toBeCloseTo(0.5, 1);
    const transparent = await sharp({
      create: { width: 1200, height: 1200, channels: 4, background: "#ffffff00" },
    })
      .png()
      .toBuffer();
    const t = await checkAmazon(transparent);
    expect(t.reasons.join()).toMatch(/transparent/);
  });
});
