// `npm run sheet:scale`: the same photo under prompts that name what it is, so the set is
// built at the product's size: a car on a street or a hall floor (and a model car on a kitchen
// counter when asked), a lamp on a desk or standing in a room, a teddy among flowers. Needs
// ../shared/testdata/products; writes bench-results/scale-sheet.png.

import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { cutout, decodeImage, generateFromCutout } from "../src/index.ts";
import { setsKind } from "./use-pack.ts";

const CELL = Number(process.env.SHEET_CELL ?? 300);
const OUT = join(import.meta.dirname, "..", "bench-results");
const PHOTOS = join(import.meta.dirname, "..", "..", "..", "..", "shared", "testdata", "products");
const LABEL = 26;

const ROWS: { photo: string; prompts: string[] }[] = [
  {
    photo: "rembg_car-1.jpg",
    prompts: [
      "car",
      "car on a city street at night",
      "汽车 沙漠 黄昏",
      "a car on a kitchen counter",
    ],
  },
  {
    photo: "u2net_lamp2_meitu_1.jpg",
    prompts: ["lamp", "floor lamp in a living room", "落地灯 卧室", "desk lamp on an oak desk"],
  },
  {
    photo: "grabcut_teddy.jpg",
    prompts: ["teddy bear with flowers", "teddy on the sofa", "泰迪熊 圣诞 礼盒", "teddy, beach"],
  },
];

function label(text: string, width: number): Buffer {
  const esc = text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return Buffer.from(
    `<svg width="${width}" height="${LABEL}"><rect width="100%" height="100%" fill="#111"/><text x="8" y="18" font-family="sans-serif" font-size="13" fill="#eee">${esc}</text></svg>`,
  );
}

async function main(): Promise<void> {
  if (!existsSync(PHOTOS)) {
    console.warn(`### ${PHOTOS} is absent: the scale sheet needs the team's photos; skipped.`);
    return;
  }
  await mkdir(OUT, { recursive: true });
  const cols = Math.max(...ROWS.map((r) => r.prompts.length));
  const tiles: sharp.OverlayOptions[] = [];
  for (const [row, { photo, prompts }] of ROWS.entries()) {
    const cut = await cutout(await decodeImage(await readFile(join(PHOTOS, photo))));
    const top = row * (CELL + LABEL);
    for (const [c, prompt] of prompts.entries()) {
      const [img] = await generateFromCutout(cut, {
        prompt,
        count: 1,
        seed: 3,
        width: CELL,
        height: CELL,
        format: "png",
      });
      tiles.push({ input: label(prompt, CELL), left: c * CELL, top });
      tiles.push({ input: img!.bytes, left: c * CELL, top: top + LABEL });
    }
  }
  const file = join(OUT, `scale-sheet-${setsKind()}.png`);
  await sharp({
    create: {
      width: cols * CELL,
      height: ROWS.length * (CELL + LABEL),
      channels: 3,
      background: "#000",
    },
  })
    .composite(tiles)
    .png()
    .toFile(file);
  console.log(`wrote ${file}`);
}

await main();
