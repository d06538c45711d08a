// Thin-structure recovery and cropped products on the team's real photos: IoU with the thin
// step off and on (it must not cost any photo more than 0.002), the step's own time on a
// 1 MP and a 12 MP photo, and the sides each photo's product is cut on. Run alone with
// `npx tsx bench/thin-structures.bench.ts`, or as a section of engine.bench.ts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { cutout } from "../src/cutout/cutout.ts";
import { recoverThinLocal } from "../src/cutout/thin-local.ts";
import { plainBackdrop } from "../src/cutout/thin-structures.ts";
import { decodeImage } from "../src/input/decode.ts";
import type { Cutout, DecodedImage } from "../src/types.ts";
import { maskIou } from "./mask-iou.ts";

const alphaCount = (c: Cutout) => {
  let n = 0;
  for (let i = 3; i < c.rgba.length; i += 4) if (c.rgba[i]! >= 128) n++;
  return n;
};

async function resized(img: DecodedImage, megapixels: number): Promise<DecodedImage> {
  const s = Math.sqrt((megapixels * 1e6) / (img.width * img.height));
  const width = Math.round(img.width * s);
  const height = Math.round(img.height * s);
  const rgba = await sharp(img.rgba, { raw: { width: img.width, height: img.height, channels: 4 } })
    .resize(width, height, { fit: "fill" })
    .raw()
    .toBuffer();
  return { width, height, rgba };
}

export async function thinStructureFigures(products: string, masks: string): Promise<void> {
  const files = readdirSync(products)
    .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
    .sort();
  console.log(
    "IoU with the thin-structure step off → on (ISNet; the step may cost no photo > 0.002)",
  );
  let sumOff = 0;
  let sumOn = 0;
  let n = 0;
  let worstDrop = 0;
  for (const f of files) {
    const img = await decodeImage(readFileSync(path.join(products, f)));
    const off = await cutout(img, { method: "isnet", thinStructures: false });
    const on = await cutout(img, { method: "isnet" });
    const added = alphaCount(on) - alphaCount(off);
    const sides = on.croppedSides?.join("+") ?? "none";
    const maskFile = path.join(masks, f.replace(/\.\w+$/, ".png"));
    const model = plainBackdrop(img.rgba, img.width, img.height) ? "plain" : "local";
    let line = `${f.padEnd(28)} backdrop ${model}  pixels given back ${String(added).padStart(6)}  cut sides ${sides.padEnd(16)}`;
    if (existsSync(maskFile)) {
      const a = await maskIou(off, maskFile);
      const b = await maskIou(on, maskFile);
      sumOff += a;
      sumOn += b;
      n++;
      worstDrop = Math.max(worstDrop, a - b);
      line += `  IoU ${a.toFixed(4)} → ${b.toFixed(4)} (${b - a >= 0 ? "+" : ""}${(b - a).toFixed(4)})`;
    }
    console.log(line);
  }
  console.log(
    `mean IoU ${(sumOff / n).toFixed(4)} → ${(sumOn / n).toFixed(4)} over ${n} masks; worst drop ${worstDrop.toFixed(4)}`,
  );

  // the step's own cost, on the textured-background photo at 1 and 12 MP
  const src = await decodeImage(readFileSync(path.join(products, "vimukthi_0b042c60.jpg")));
  for (const mp of [1, 12]) {
    const img = await resized(src, mp);
    let t = performance.now();
    const base = await cutout(img, { method: "isnet", thinStructures: false });
    const cutOff = performance.now() - t;
    t = performance.now();
    await cutout(img, { method: "isnet" });
    const cutOn = performance.now() - t;
    const { x, y, width, height } = base.bbox;
    const pad = Math.round(Math.max(width, height) * 0.08);
    const steps: number[] = [];
    for (let k = 0; k < 3; k++) {
      const rgba = Buffer.from(base.rgba);
      t = performance.now();
      recoverThinLocal(rgba, img.width, img.height, {
        x: x - pad,
        y: y - pad,
        width: width + 2 * pad,
        height: height + 2 * pad,
      });
      steps.push(performance.now() - t);
    }
    steps.sort((a, b) => a - b);
    console.log(
      `${img.width}×${img.height} (${mp} MP): thin step (local model) ${Math.round(steps[1]!)} ms; whole cut-out ${Math.round(cutOff)} ms without it, ${Math.round(cutOn)} ms with it`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const data = path.resolve(import.meta.dirname, "../../../../shared/testdata");
  await thinStructureFigures(path.join(data, "products"), path.join(data, "masks"));
}
