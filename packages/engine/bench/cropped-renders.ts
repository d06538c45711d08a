// `npx tsx bench/cropped-renders.ts [outdir]`: the team's car photo whole and cropped by the
// photo's border (bottom; bottom and both sides; all four) plus a close-up inside the teddy,
// each through generate(), side by side with the input, to look at: the cut edges should sit
// on the output's frame, never float in the set. Writes PNGs (default /tmp/frame).
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { generate } from "../src/generate.ts";

const PHOTOS = join(import.meta.dirname, "..", "..", "..", "..", "shared", "testdata", "products");
const OUT = process.argv[2] ?? "/tmp/frame";
const CELL = 360;

const cases: { name: string; file: string; crop?: sharp.Region }[] = [
  { name: "car-whole", file: "rembg_car-1.jpg" },
  {
    name: "car-cut-bottom",
    file: "rembg_car-1.jpg",
    crop: { left: 0, top: 0, width: 480, height: 250 },
  },
  {
    name: "car-cut-bottom-sides",
    file: "rembg_car-1.jpg",
    crop: { left: 100, top: 60, width: 280, height: 200 },
  },
  {
    name: "car-cut-all",
    file: "rembg_car-1.jpg",
    crop: { left: 70, top: 130, width: 350, height: 150 },
  },
  {
    name: "teddy-close-up",
    file: "grabcut_teddy.jpg",
    crop: { left: 100, top: 120, width: 100, height: 150 },
  },
];

await mkdir(OUT, { recursive: true });
const rows: sharp.OverlayOptions[] = [];
for (const [r, c] of cases.entries()) {
  let bytes: Buffer = await readFile(join(PHOTOS, c.file));
  if (c.crop) bytes = await sharp(bytes).extract(c.crop).jpeg({ quality: 95 }).toBuffer();
  const { cutout, images } = await generate(bytes, {
    count: 2,
    seed: 5,
    width: CELL,
    height: CELL,
    format: "png",
    prompt: "on a city street",
  });
  const white = await generate(bytes, {
    preset: "amazon",
    width: CELL,
    height: CELL,
    format: "png",
  });
  console.log(
    `${c.name}: ${cutout.method}, bbox ${JSON.stringify(cutout.bbox)}, cut sides ${cutout.croppedSides?.join("+") ?? "none"}`,
  );
  const input = await sharp(bytes)
    .resize(CELL, CELL, { fit: "contain", background: "#222" })
    .png()
    .toBuffer();
  const tiles = [input, ...images.map((i) => i.bytes), white.images[0]!.bytes];
  for (const [k, t] of tiles.entries()) {
    await sharp(t).toFile(join(OUT, `${c.name}-${k}.png`));
    rows.push({ input: t, left: k * (CELL + 6), top: r * (CELL + 6) });
  }
}
const file = join(OUT, "cropped-sheet.png");
await sharp({
  create: {
    width: 4 * (CELL + 6),
    height: cases.length * (CELL + 6),
    channels: 3,
    background: "#f0f",
  },
})
  .composite(rows)
  .png()
  .toFile(file);
console.log(`wrote ${file}: input | two set outputs | white preset`);
