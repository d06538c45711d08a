// npm run bench:cutout -w @studio/engine — the cut-out before and after 0506 on the team's
// photos (../shared/testdata; prints, asserts nothing): ms per photo size (wall and CPU, p50
// of interleaved runs; the box is shared, CPU time moves less than wall time) and IoU against
// the ground-truth masks, ISNet at 1024² for every photo ("before", fitSize false) against
// ISNet at the photo's own size ("after"), and "after" with the int8 model of isnet-int8.ts
// (docs/decisions/0508; INT8=0 leaves it out).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { CUTOUT_MAX_SIDE, cutout } from "../src/cutout/cutout.ts";
import { isnetSide, warmIsnet } from "../src/cutout/isnet-model.ts";
import { decodeImage } from "../src/input/decode.ts";
import type { Cutout, DecodedImage } from "../src/types.ts";
import { maskIou } from "./mask-iou.ts";
import { testData, testDataOrSkip } from "./team-data.ts";

const products = testDataOrSkip(
  "products",
  "The cut-out speed bench needs the team's test photos.",
);
const masks = path.join(testData, "masks");
const RUNS = Number(process.env.RUNS ?? 3);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const INT8 = process.env.INT8 !== "0";

async function timed(img: DecodedImage, fitSize: boolean, model?: "int8") {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const cut = await cutout(img, {
    method: "isnet",
    isnet: { fitSize, ...(model ? { model } : {}) },
  });
  const u = process.cpuUsage(c0);
  return { cut, ms: performance.now() - t0, cpu: (u.user + u.system) / 1000 };
}

const photos: { name: string; img: DecodedImage; mask?: string }[] = [];
for (const f of readdirSync(products)
  .filter((f) => /\.(jpe?g|png)$/i.test(f))
  .sort()) {
  const mask = path.join(masks, f.replace(/\.\w+$/, ".png"));
  const img = await decodeImage(readFileSync(path.join(products, f)));
  photos.push({ name: f, img, ...(existsSync(mask) ? { mask } : {}) });
}
const big = photos.find((p) => p.img.width >= 2000);
if (big) {
  // a 12-megapixel phone photo: the largest of the set scaled up
  const s = Math.sqrt(12e6 / (big.img.width * big.img.height));
  const width = Math.round(big.img.width * s);
  const height = Math.round(big.img.height * s);
  const rgba = await sharp(big.img.rgba, {
    raw: { width: big.img.width, height: big.img.height, channels: 4 },
  })
    .resize(width, height)
    .raw()
    .toBuffer();
  photos.push({ name: `${big.name} ×12MP`, img: { width, height, rgba } as DecodedImage });
  // the same photo as the server cuts it out: decoded at CUTOUT_MAX_SIDE at most
  const k = CUTOUT_MAX_SIDE / Math.max(width, height);
  const capped = { width: Math.round(width * k), height: Math.round(height * k) };
  const cappedRgba = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .resize(capped.width, capped.height, { kernel: "lanczos3" })
    .raw()
    .toBuffer();
  photos.push({
    name: `${big.name} ×12MP capped`,
    img: { ...capped, rgba: cappedRgba } as DecodedImage,
  });
}

// both sessions loaded and run once before timing (what the server does at start)
await warmIsnet();
if (INT8) await warmIsnet({ model: "int8" });
console.log(`cut-out before/after, ${RUNS} interleaved runs each, p50 (load ${loadLine()})\n`);
console.log(
  `photo                          size        side  before ms (cpu)    after ms (cpu)   ${INT8 ? "int8 ms (cpu)    " : ""}IoU before  after    Δ${INT8 ? "        int8     Δ int8−after" : ""}`,
);
const drops: number[] = [];
const befores: number[] = [];
const afters: number[] = [];
const int8s: number[] = [];
const int8Drops: number[] = [];
for (const p of photos) {
  const runs = {
    before: [] as number[],
    after: [] as number[],
    bc: [] as number[],
    ac: [] as number[],
    int8: [] as number[],
    ic: [] as number[],
  };
  let cuts: { before?: Cutout; after?: Cutout; int8?: Cutout } = {};
  for (let r = 0; r < RUNS; r++) {
    const b = await timed(p.img, false);
    const a = await timed(p.img, true);
    runs.before.push(b.ms);
    runs.bc.push(b.cpu);
    runs.after.push(a.ms);
    runs.ac.push(a.cpu);
    cuts = { before: b.cut, after: a.cut };
    if (INT8) {
      const q = await timed(p.img, true, "int8");
      runs.int8.push(q.ms);
      runs.ic.push(q.cpu);
      cuts.int8 = q.cut;
    }
  }
  const s = Math.min(1, 1024 / Math.max(p.img.width, p.img.height));
  const side = isnetSide(Math.round(p.img.width * s), Math.round(p.img.height * s));
  let line = `${p.name.padEnd(30)} ${`${p.img.width}×${p.img.height}`.padEnd(11)} ${String(side).padStart(4)}  ${`${Math.round(median(runs.before))} (${Math.round(median(runs.bc))})`.padEnd(17)}  ${`${Math.round(median(runs.after))} (${Math.round(median(runs.ac))})`.padEnd(15)}`;
  if (INT8)
    line += `  ${`${Math.round(median(runs.int8))} (${Math.round(median(runs.ic))})`.padEnd(15)}`;
  if (p.mask && cuts.before && cuts.after) {
    const ib = await maskIou(cuts.before, p.mask);
    const ia = await maskIou(cuts.after, p.mask);
    befores.push(ib);
    afters.push(ia);
    drops.push(ib - ia);
    line += `  ${ib.toFixed(4)}      ${ia.toFixed(4)}  ${(ia - ib >= 0 ? "+" : "") + (ia - ib).toFixed(4)}`;
    if (cuts.int8) {
      const iq = await maskIou(cuts.int8, p.mask);
      int8s.push(iq);
      int8Drops.push(ia - iq);
      line += `  ${iq.toFixed(4)}   ${(iq - ia >= 0 ? "+" : "") + (iq - ia).toFixed(4)}`;
    }
  }
  console.log(line);
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
console.log(
  `\nmean IoU ${mean(befores).toFixed(4)} → ${mean(afters).toFixed(4)} (Δ ${(mean(afters) - mean(befores)).toFixed(4)}, limit -0.005); worst photo drop ${Math.max(0, ...drops).toFixed(4)} (limit 0.02) over ${drops.length} masks`,
);
if (INT8) {
  console.log(
    `int8 against after: mean IoU ${mean(afters).toFixed(4)} → ${mean(int8s).toFixed(4)} (Δ ${(mean(int8s) - mean(afters)).toFixed(4)}, limit -0.005); worst photo drop ${Math.max(0, ...int8Drops).toFixed(4)} (limit 0.02)`,
  );
}

function loadLine(): string {
  return loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
}
