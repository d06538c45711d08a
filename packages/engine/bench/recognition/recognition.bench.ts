// npm run bench:recognition — how often the engine names the product's kind, on the labelled
// photos of labels.json (eval-photos.ts makes them from their sources at run time), and what
// it costs per upload. Prints the share named right (now, and with decision 0453's single
// IoU match for the before), the share whose footing the plan gets right, per kind, the
// confusion pairs, each photo's answer, and the milliseconds of recognition per photo (p50,
// p90; wall and CPU). Cut-outs are made with ISNet
// as an upload's are, and kept in $TMPDIR/recognition-cache so a second run only recognises.
// Writes the photos to $TMPDIR/recognition-eval to look at. Asserts nothing.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { cutout } from "../../src/cutout/cutout.ts";
import { deserializeCutout, serializeCutout } from "../../src/cutout/serialize.ts";
import { loadDetector } from "../../src/detect/centernet-model.ts";
import { detectProduct } from "../../src/detect/detect-product.ts";
import { recogniseProduct } from "../../src/detect/recognise-product.ts";
import { decodeImage } from "../../src/input/decode.ts";
import { seenProduct } from "../../src/scenes/seen-products.ts";
import type { Cutout, DecodedImage } from "../../src/types.ts";
import { type Label, makeVariant, readLabels, sourceBytes, TESTDATA } from "./eval-photos.ts";

const CACHE = path.join(tmpdir(), "recognition-cache");
const OUT = path.join(tmpdir(), "recognition-eval");
await mkdir(CACHE, { recursive: true });
await mkdir(OUT, { recursive: true });

/** the cut-out an upload of these bytes gets, from the cache when made before */
async function cutOf(bytes: Buffer, image: DecodedImage): Promise<Cutout> {
  const key = createHash("sha1").update(bytes).digest("hex").slice(0, 16);
  const png = path.join(CACHE, `${key}.png`);
  const meta = path.join(CACHE, `${key}.json`);
  if (existsSync(png) && existsSync(meta))
    return deserializeCutout(await readFile(png), JSON.parse(await readFile(meta, "utf8")));
  const cut = await cutout(image);
  const s = await serializeCutout(cut);
  await writeFile(png, s.png);
  await writeFile(meta, JSON.stringify(s.meta));
  return cut;
}

const labels = await readLabels();
const sources = new Map<string, Buffer | null>();
for (const l of labels) if (!sources.has(l.file)) sources.set(l.file, await sourceBytes(l));
const missing = [...sources].filter(([, b]) => !b).map(([f]) => f);
if (missing.length) console.log(`!! SKIPPED (source not on this machine): ${missing.join(", ")}`);
const busyFor = async (l: Label): Promise<Buffer> => {
  // someone else's busy photo: the stones on an apple print, or the car's street for the stone
  const pick = l.file.includes("stone2")
    ? "products/rembg_car-1.jpg"
    : "products/grabcut_stone2.jpg";
  const f = path.join(TESTDATA, pick);
  return existsSync(f)
    ? readFile(f)
    : (await sourceBytes({ ...l, file: "coffee-cc0.jpg", from: "bench" }))!;
};

const c0 = process.cpuUsage();
const t0 = performance.now();
await loadDetector();
console.log(
  `detector load + first run: ${Math.round(performance.now() - t0)} ms wall, ${Math.round((process.cpuUsage(c0).user + process.cpuUsage(c0).system) / 1000)} ms CPU`,
);

interface Row {
  name: string;
  kind: string;
  got: string;
  source: string;
  confidence: number;
  before: string;
  ms: number;
  cpu: number;
  detail: string;
}
const rows: Row[] = [];
const srcCuts = new Map<string, Cutout>();
for (const l of labels) {
  const bytes = sources.get(l.file);
  if (!bytes) continue;
  let srcCut = srcCuts.get(l.file);
  if (!srcCut) {
    srcCut = await cutOf(bytes, await decodeImage(bytes));
    srcCuts.set(l.file, srcCut);
  }
  const photo = await makeVariant(l, bytes, srcCut, await busyFor(l));
  const name = `${path
    .basename(l.file)
    .replace(/\.\w+$/, "")
    .replace("drawn:", "drawn-")}#${l.variant}`;
  await writeFile(path.join(OUT, `${name.replace("#", "_")}.jpg`), photo);
  const image = await decodeImage(photo);
  const cut = await cutOf(photo, image);
  const t = performance.now();
  const c = process.cpuUsage();
  const rec = await recogniseProduct(image, cut);
  const cu = process.cpuUsage(c);
  const ms = performance.now() - t;
  const old = await detectProduct(image, cut.bbox).catch(() => null);
  rows.push({
    name,
    kind: l.kind,
    got: rec.product?.kind ?? "—",
    source: rec.product?.source ?? "",
    confidence: rec.product?.confidence ?? 0,
    before: old?.kind ?? "—",
    ms,
    cpu: (cu.user + cu.system) / 1000,
    detail: rec.views
      .map(
        (v) =>
          `${v.view}: ${v.evidence
            .slice(0, 3)
            .map((e) => `${e.label} ${e.score.toFixed(2)}/${e.fit.toFixed(2)}`)
            .join(", ")}`,
      )
      .join(" | "),
  });
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(0)} %`;
const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
console.log(
  `\n${"photo".padEnd(30)} ${"label".padEnd(11)} ${"now".padEnd(24)} before      ms   views (label score/fit)`,
);
for (const r of rows)
  console.log(
    `${r.got === r.kind ? " " : "✗"} ${r.name.padEnd(28)} ${r.kind.padEnd(11)} ${`${r.got} ${r.source} ${r.confidence.toFixed(2)}`.padEnd(24)} ${r.before.padEnd(11)} ${Math.round(r.ms).toString().padStart(4)}  ${r.detail}`,
  );
const right = rows.filter((r) => r.got === r.kind).length;
const rightBefore = rows.filter((r) => r.before === r.kind).length;
console.log(
  `\n${rows.length} photos, ${new Set(rows.map((r) => r.kind)).size} kinds: named right ${right}/${rows.length} = ${pct(right, rows.length)} (before, one box's IoU: ${rightBefore}/${rows.length} = ${pct(rightBefore, rows.length)})`,
);
// what the plan does with it: the footing (table, floor, ground) is what a wrong kind costs
const stands = (k: string) => seenProduct(k)?.stands ?? "table";
const footed = rows.filter((r) => stands(r.got) === stands(r.kind)).length;
const footedBefore = rows.filter((r) => stands(r.before) === stands(r.kind)).length;
console.log(
  `footing right (table / floor / ground, as the plan stands it): ${footed}/${rows.length} = ${pct(footed, rows.length)} (before: ${footedBefore}/${rows.length} = ${pct(footedBefore, rows.length)})`,
);
console.log("per kind (now / before):");
for (const k of [...new Set(rows.map((r) => r.kind))]) {
  const of = rows.filter((r) => r.kind === k);
  console.log(
    `  ${k.padEnd(12)} ${of.filter((r) => r.got === k).length}/${of.length}   ${of.filter((r) => r.before === k).length}/${of.length}`,
  );
}
const pairs = new Map<string, number>();
for (const r of rows)
  if (r.got !== r.kind)
    pairs.set(`${r.kind} → ${r.got}`, (pairs.get(`${r.kind} → ${r.got}`) ?? 0) + 1);
console.log(
  `confusion pairs (label → named): ${[...pairs].map(([p, n]) => `${p} ×${n}`).join(", ") || "none"}`,
);
const ms = rows.map((r) => r.ms);
const cpu = rows.map((r) => r.cpu);
console.log(
  `recognition per photo: p50 ${Math.round(q(ms, 0.5))} ms wall (p90 ${Math.round(q(ms, 0.9))}), p50 ${Math.round(q(cpu, 0.5))} ms CPU; load average ${loadavg()[0]!.toFixed(1)}`,
);
