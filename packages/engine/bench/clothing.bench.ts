// npm run bench:clothing — the clothing pipeline on the garment photos in ../shared/testdata
// (internal test data, never shipped; see its SOURCES.md). Prints seconds per request
// (cut-out + four outputs of one style), peak memory, and writes a contact sheet of every
// style on every garment. Asserts nothing.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { loadIsnet } from "../src/cutout/isnet-model.ts";
import { GARMENT_STYLES, garmentCutout, renderGarment } from "../src/garment/index.ts";
import { decodeImage } from "../src/input/decode.ts";
import { repoRoot, testDataOrSkip } from "./team-data.ts";

const garments = testDataOrSkip(
  "garments",
  "The clothing benchmark needs the team's garment photos.",
);
const outDir = path.resolve(repoRoot, "packages/engine/bench-results");
const sheetFile = path.join(outDir, "clothing-sheet.png");

const only = process.argv[2]; // optional: one style, for quick looks
const styles = only ? GARMENT_STYLES.filter((s) => s === only) : [...GARMENT_STYLES];
const COUNT = 4;
const files = readdirSync(garments)
  .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
  .sort();
const rssMB = () => Math.round(process.resourceUsage().maxRSS / 1024);
console.log(
  `clothing benchmark: ${files.length} garments × ${styles.length} styles × ${COUNT} outputs, ` +
    `${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
);
await loadIsnet();

const TW = 180;
const TH = 225;
const tiles: { input: Buffer; left: number; top: number }[] = [];
const perRequest: Record<string, number[]> = Object.fromEntries(styles.map((s) => [s, []]));
const cutMs: number[] = [];
for (const [row, file] of files.entries()) {
  const bytes = readFileSync(path.join(garments, file));
  const t0 = performance.now();
  const image = await decodeImage(bytes);
  const g = await garmentCutout(image);
  const cut = performance.now() - t0;
  cutMs.push(cut);
  const line = [`${file.padEnd(24)} ${g.kind.padEnd(9)} cut-out ${(cut / 1000).toFixed(2)} s`];
  if (g.removed.length) line.push(`removed ${g.removed.join("+")}`);
  tiles.push({
    input: await sharp(bytes)
      .resize(TW, TH, { fit: "contain", background: "#444" })
      .png()
      .toBuffer(),
    left: 0,
    top: row * TH,
  });
  for (const [col, style] of styles.entries()) {
    const t1 = performance.now();
    const images = await renderGarment(g, { style, count: COUNT, seed: 1 });
    const render = performance.now() - t1;
    perRequest[style]!.push(cut + render);
    line.push(`${style} ${(render / 1000).toFixed(2)} s`);
    for (const img of images) {
      tiles.push({
        input: await sharp(img.bytes).resize(TW, TH).png().toBuffer(),
        left: TW * (1 + col * COUNT + img.index),
        top: row * TH,
      });
    }
  }
  console.log(line.join("  "));
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log("\nseconds per request (cut-out + four outputs), mean over the garments:");
for (const style of styles)
  console.log(`  ${style.padEnd(11)} ${(mean(perRequest[style]!) / 1000).toFixed(2)} s`);
console.log(`  cut-out alone ${(mean(cutMs) / 1000).toFixed(2)} s`);
console.log(`peak memory (max RSS) ${rssMB()} MB`);

mkdirSync(outDir, { recursive: true });
const sheet = await sharp({
  create: {
    width: TW * (1 + styles.length * COUNT),
    height: TH * files.length,
    channels: 3,
    background: "#444",
  },
})
  .composite(tiles)
  .png()
  .toBuffer();
writeFileSync(sheetFile, sheet);
console.log(
  `contact sheet: ${sheetFile} (rows: garments; columns: the photo, then ${styles.join(", ")} × ${COUNT})`,
);
