// The recognition bench's photos, made at run time from their sources: the team's test photos
// (../shared/testdata, never copied into the repository), a CC0 photo shipped here
// (coffee-cc0.jpg, scikit-image's "coffee", CC0 by Rachel Michetti), scikit-image's Middlebury
// motorcycle when Debian's python3-skimage data is present (SKIMAGE_DATA), and products the
// project draws (test/fixtures). Each source photo gives several variants, as sellers shoot:
// as is, cropped so the product fills the frame, two or three of it side by side, and pasted
// on a busy backdrop. labels.json lists them with their kind.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { syntheticClock } from "../../test/fixtures/synthetic-clock.ts";
import { syntheticPhoto } from "../../test/fixtures/synthetic-product.ts";

export interface Label {
  file: string;
  variant: "plain" | "tight" | "pair" | "trio" | "busy" | "small";
  kind: string;
  from: "testdata" | "bench" | "skimage" | "drawn";
}

const here = path.dirname(new URL(import.meta.url).pathname);
export const TESTDATA = path.resolve(here, "../../../../../shared/testdata");
export const SKIMAGE_DATA =
  process.env.SKIMAGE_DATA ?? "/usr/lib/python3/dist-packages/skimage/data";

export async function readLabels(): Promise<Label[]> {
  return JSON.parse(await readFile(path.join(here, "labels.json"), "utf8")) as Label[];
}

/** the source photo's bytes, or null when its folder is not on this machine */
export async function sourceBytes(l: Label): Promise<Buffer | null> {
  if (l.from === "drawn") {
    const what = l.file.slice("drawn:".length);
    if (what === "clock") return syntheticClock(480);
    const shape = what === "box" ? "box" : "bottle";
    return (await syntheticPhoto({ shape, width: 420, height: 520, backdrop: "#d9d4cc" })).bytes;
  }
  const dir = l.from === "testdata" ? TESTDATA : l.from === "skimage" ? SKIMAGE_DATA : here;
  const file = path.join(dir, l.file);
  return existsSync(file) ? readFile(file) : null;
}

export interface Cut {
  /** the cut-out's RGBA at the photo's size */
  rgba: Buffer;
  width: number;
  height: number;
  bbox: { x: number; y: number; width: number; height: number };
}

const raw = (w: number, h: number) => ({
  raw: { width: w, height: h, channels: 4 as const },
});

/** the product alone (its cut-out trimmed to its box), scaled to `height` px */
async function productLayer(cut: Cut, height: number, mirror = false): Promise<Buffer> {
  let s = sharp(cut.rgba, raw(cut.width, cut.height))
    .extract({ left: cut.bbox.x, top: cut.bbox.y, width: cut.bbox.width, height: cut.bbox.height })
    .resize({ height: Math.max(8, Math.round(height)) });
  if (mirror) s = s.flop();
  return s.png().toBuffer();
}

/**
 * One variant of a source photo. `cut` is the source's cut-out (to crop to it and to paste the
 * product elsewhere); `busy` a busy photo to paste it on.
 */
export async function makeVariant(
  label: Label,
  photo: Buffer,
  cut: Cut,
  busy: Buffer,
): Promise<Buffer> {
  const img = sharp(photo).removeAlpha();
  const { width, height } = await img.metadata();
  const W = width!;
  const H = height!;
  const b = cut.bbox;
  switch (label.variant) {
    case "plain":
      return img.jpeg({ quality: 92 }).toBuffer();
    case "tight": {
      // the product fills the frame, as a seller's close shot does
      const m = Math.round(Math.max(b.width, b.height) * 0.04);
      const left = Math.max(0, b.x - m);
      const top = Math.max(0, b.y - m);
      return img
        .extract({
          left,
          top,
          width: Math.min(W - left, b.width + 2 * m),
          height: Math.min(H - top, b.height + 2 * m),
        })
        .jpeg({ quality: 92 })
        .toBuffer();
    }
    case "pair":
    case "trio": {
      // two or three of it side by side on its own (blurred, widened) backdrop
      const n = label.variant === "pair" ? 2 : 3;
      const cw = Math.round(W * (n === 2 ? 1.5 : 1.8));
      const back = await sharp(photo)
        .removeAlpha()
        .resize(cw, H, { fit: "fill" })
        .blur(12)
        .toBuffer();
      const ph = Math.round(Math.min(H * 0.8, b.height * (n === 2 ? 0.9 : 0.75)));
      const layers = await Promise.all(
        Array.from({ length: n }, (_, i) => productLayer(cut, ph * (1 - 0.08 * i), i % 2 === 1)),
      );
      const pw = Math.round((b.width / b.height) * ph);
      const gap = Math.round((cw - n * pw * 0.92) / (n + 1));
      const composite = await Promise.all(
        layers.map(async (input, i) => {
          const m = await sharp(input).metadata();
          return {
            input,
            left: Math.max(0, Math.min(cw - m.width!, gap + i * Math.round(pw * 0.92 + gap))),
            top: Math.max(0, Math.min(H - m.height!, Math.round(H * 0.9 - m.height!))),
          };
        }),
      );
      return sharp(back).composite(composite).jpeg({ quality: 92 }).toBuffer();
    }
    case "busy":
    case "small": {
      // the product on someone else's busy photo (small: a smaller share of the frame)
      const bw = 800;
      const bh = 600;
      // the busy photo's left quarter, where its own subject is not: the pasted product stays
      // the photo's subject, as in a seller's photo on a busy table
      const bm = await sharp(busy).metadata();
      const back = await sharp(busy)
        .removeAlpha()
        .extract({ left: 0, top: 0, width: Math.round(bm.width! * 0.28), height: bm.height! })
        .resize(bw, bh, { fit: "cover" })
        .toBuffer();
      const share = label.variant === "small" ? 0.35 : 0.6;
      const ph = Math.min(bh * share, (bw * share * b.height) / b.width);
      const input = await productLayer(cut, ph);
      const m = await sharp(input).metadata();
      return sharp(back)
        .composite([
          {
            input,
            left: Math.round((bw - m.width!) * 0.55),
            top: Math.round(bh * 0.92 - m.height!),
          },
        ])
        .jpeg({ quality: 92 })
        .toBuffer();
    }
  }
}
