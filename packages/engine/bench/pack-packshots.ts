// `npm run packshots -w @studio/engine -- <out folder>`: product photos of the pack's
// photo-scanned objects (a kettle, a vase, a watering can, a tea set, an enamel pot, a potted
// plant, books, throw pillows), drawn from their scans on a white sweep with a soft floor
// shadow, as a seller's own packshot would be. They are CC0 like their scans; the marketing
// examples are made from them (apps/web/marketing-photos/SOURCES.md).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { propSprite, servableProps } from "../src/assets/props/prop-library.ts";
import { setsKind } from "./use-pack.ts";

const out = process.argv[2] ?? join(import.meta.dirname, "..", "bench-results", "packshots");
const PICKS: [string, string][] = [
  ["vintage_electric_kettle", "kettle"],
  ["ceramic_vase", "vase"],
  ["watering_can", "watering-can"],
  ["tea_set_posed", "tea-set"],
  ["pot_enamel", "enamel-pot"],
  ["potted_plant_01", "potted-plant"],
  ["encyclopedia", "books"],
  ["throw_pillows", "pillows"],
];
if (setsKind() !== "photographic") {
  console.error("packshots need the pack: set STUDIO_ASSETS_DIR");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const W = 1000;
for (const [word, name] of PICKS) {
  const entry = servableProps([word])[0];
  if (!entry) {
    console.warn(`no servable prop for ${word}`);
    continue;
  }
  const s = await propSprite(entry.id, {
    pitchDeg: 10,
    yawDeg: entry.prop?.yawDeg ?? 20,
    lightAzimuthDeg: -35,
    lightElevationDeg: 40,
    key: [1, 0.97, 0.93],
    height: 1024,
  });
  const k = Math.min((W * 0.72) / s.height, (W * 0.8) / s.width);
  const w = Math.round(s.width * k);
  const h = Math.round(s.height * k);
  const prop = await sharp(Buffer.from(s.rgba), {
    raw: { width: s.width, height: s.height, channels: 4 },
  })
    .resize(w, h)
    .png()
    .toBuffer();
  const left = Math.round((W - w) / 2);
  const top = Math.round(W * 0.86 - h);
  // a soft shadow under the object, as a softbox from above-left leaves it
  const shadow = Buffer.from(
    `<svg width="${W}" height="${W}"><defs><filter id="b"><feGaussianBlur stdDeviation="${w * 0.04}"/></filter></defs><ellipse cx="${W / 2 + w * 0.06}" cy="${W * 0.86}" rx="${w * 0.5}" ry="${w * 0.07}" fill="rgba(0,0,0,0.32)" filter="url(#b)"/></svg>`,
  );
  await sharp({
    create: { width: W, height: W, channels: 3, background: { r: 244, g: 243, b: 241 } },
  })
    .composite([{ input: shadow }, { input: prop, left, top }])
    .jpeg({ quality: 92 })
    .toFile(join(out, `${name}.jpg`));
  console.log(`${name}.jpg ← ${entry.id}`);
}
