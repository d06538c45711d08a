// `npm run sheet:brief [-- --cell 320]`: every setting and every camera view of the brief on
// three photos, one row each, labelled with the prompt: to look at with your own eyes. The
// photos are ../shared/testdata/products (cut out once each); without them, the row is four
// shots of the empty set.

import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { cutout, decodeImage, generateFromCutout } from "../src/index.ts";
import type { Cutout } from "../src/types.ts";
import { setsKind } from "./use-pack.ts";

const CELL = Number(process.env.SHEET_CELL ?? 300);
const OUT = join(import.meta.dirname, "..", "bench-results");
const PHOTOS = join(import.meta.dirname, "..", "..", "..", "..", "shared", "testdata", "products");
const PICKS = ["u2net_lamp2_meitu_1.jpg", "grabcut_book.jpg", "vimukthi_0b042c60.jpg"];
const LABEL = 26;

/** one prompt per setting, one per camera view, a few of the props, a few in Chinese */
export const SHEET_PROMPTS = [
  "in a photo studio",
  "on a kitchen counter with lemons",
  "bathroom shelf, eucalyptus leaves, water drops",
  "cozy living room with candles and books",
  "bedroom nightstand, soft morning light",
  "cafe table with coffee beans",
  "office desk, clean",
  "garden with flowers",
  "in a forest with stones and branches",
  "in the snow, winter",
  "in a snowy forest at night, christmas lights",
  "on a city street at night",
  "desert dunes, hard light",
  "poolside with ice cubes",
  "mountain top at golden hour",
  "wildflower meadow",
  "on a beach at sunset with shells",
  "eye level, on marble",
  "three quarter view, on marble",
  "low angle, on concrete",
  "high angle, on oak with fruit",
  "flat lay on pink paper with flowers",
  "close-up with water droplets",
  "平铺 木桌 树叶 石头 咖啡豆",
  "圣诞礼盒和松果，串灯",
  "丝绸和玫瑰，柔光，特写",
];

function label(text: string, width: number): Buffer {
  const esc = text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return Buffer.from(
    `<svg width="${width}" height="${LABEL}"><rect width="100%" height="100%" fill="#111"/><text x="8" y="18" font-family="sans-serif" font-size="14" fill="#eee">${esc}</text></svg>`,
  );
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  if (!existsSync(PHOTOS)) {
    console.warn(`### ${PHOTOS} is absent: the brief sheet needs the team's photos; skipped.`);
    return;
  }
  const cuts: Cutout[] = [];
  for (const name of PICKS)
    cuts.push(await cutout(await decodeImage(await readFile(join(PHOTOS, name)))));
  const tiles: sharp.OverlayOptions[] = [];
  const t0 = performance.now();
  for (const [row, prompt] of SHEET_PROMPTS.entries()) {
    tiles.push({ input: label(prompt, cuts.length * CELL), left: 0, top: row * (CELL + LABEL) });
    for (const [c, cut] of cuts.entries()) {
      const [img] = await generateFromCutout(cut, {
        prompt,
        count: 1,
        seed: 5 + c,
        width: CELL,
        height: CELL,
        format: "png",
      });
      tiles.push({ input: img!.bytes, left: c * CELL, top: row * (CELL + LABEL) + LABEL });
    }
  }
  const file = join(OUT, `brief-sheet-${setsKind()}.png`);
  await sharp({
    create: {
      width: cuts.length * CELL,
      height: SHEET_PROMPTS.length * (CELL + LABEL),
      channels: 3,
      background: "#000",
    },
  })
    .composite(tiles)
    .png()
    .toFile(file);
  console.log(
    `wrote ${file} (${SHEET_PROMPTS.length} prompts × ${cuts.length} photos) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

await main();
