import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { loadAsset } from "./asset-images.ts";
import { packEntries } from "./pack.ts";
import { setPhotoPack } from "./photo-pack.ts";

const dir = mkdtempSync(join(tmpdir(), "asset-images-"));

afterAll(() => {
  setPhotoPack(null);
  rmSync(dir, { recursive: true, force: true });
});

/** mean absolute difference between horizontal neighbours: how sharp a region is */
function detail(rgb: Uint8Array, width: number, box: [number, number, number, number]) {
  const [x0, y0, x1, y1] = box;
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1 - 1; x++) {
      sum += Math.abs(rgb[(y * width + x) * 3]! - rgb[(y * width + x + 1) * 3]!);
      n++;
    }
  }
  return sum / n;
}

describe("a plate's regions that must not show sharp", () => {
  it("are blurred once at decode, and the rest of the plate keeps its detail", async () => {
    const entry = packEntries().find((e) => e.kind === "plate" && e.plate?.avoid.length)!;
    const [ax0, ay0, ax1, ay1] = entry.plate!.avoid[0]!;
    // a plate of fine stripes: sharp everywhere in the file
    const width = 400;
    const height = 300;
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < width * height; i++) raw.fill((i % width) % 2 ? 230 : 20, i * 3, i * 3 + 3);
    const file = join(dir, entry.file);
    mkdirSync(dirname(file), { recursive: true });
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toFile(file);
    setPhotoPack(dir, [entry.id]);

    const img = await loadAsset(entry.id);
    const px = (f: number, side: number) => Math.round(f * side);
    const inner: [number, number, number, number] = [
      px(ax0, img.width) + 4,
      px(ay0, img.height) + 4,
      px(ax1, img.width) - 4,
      px(ay1, img.height) - 4,
    ];
    expect(detail(img.rgb, img.width, inner)).toBeLessThan(10);
    // far from every box the stripes are as sharp as in the file
    const free = entry.plate!.avoid.every(([, y0]) => y0 > 0.12)
      ? ([0, 0, img.width, px(0.1, img.height)] as [number, number, number, number])
      : ([0, px(0.9, img.height), img.width, img.height] as [number, number, number, number]);
    expect(detail(img.rgb, img.width, free)).toBeGreaterThan(150);
  });
});
