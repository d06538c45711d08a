// npm run bench:render -w @studio/engine — the render of four, stage by stage (plan, render,
// composite, grain, ranking, JPEG), p50 of repeated runs, then the whole of four as before 0506
// (each JPEG awaited before the next scene) and as now (generateFromCutout: JPEGs encoded on
// sharp's threads while the next scene renders), with a check that the bytes are the same.
// A synthetic product (no test data needed); prints, asserts nothing.
import "./use-pack.ts";
import { loadavg } from "node:os";
import { compositeProduct } from "../src/composite/composite.ts";
import { encodeImage } from "../src/composite/encode.ts";
import { scoreOutput } from "../src/composite/rank-outputs.ts";
import { cutout } from "../src/cutout/cutout.ts";
import { generateFromCutout } from "../src/generate.ts";
import { planRequestOf } from "../src/generate-request.ts";
import { decodeImage } from "../src/input/decode.ts";
import { renderScene } from "../src/render/index.ts";
import { planScenes } from "../src/scenes/index.ts";
import type { Cutout } from "../src/types.ts";
import { syntheticPhoto } from "../test/fixtures/synthetic-product.ts";

const RUNS = Number(process.env.RUNS ?? 5);
const SIZE = 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p90 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))] ?? 0;

const photo = await syntheticPhoto({ shape: "bottle", width: 640, height: 800 }, "jpeg");
const cut = await cutout(await decodeImage(photo.bytes), { method: "classical" });
const req = { prompt: "white marble podium", count: 4, seed: 3, width: SIZE, height: SIZE };

/** the loop as it was before 0506, timed stage by stage */
async function sequential(c: Cutout) {
  const t: Record<string, number> = {};
  const add = (k: string, since: number) => {
    t[k] = (t[k] ?? 0) + performance.now() - since;
  };
  let s = performance.now();
  // the plan generateFromCutout makes (the product's recognised kind and size included), so
  // the byte check below compares like with like
  const plans = planScenes(planRequestOf(c, req, SIZE, SIZE));
  add("plan", s);
  const bytes: Buffer[] = [];
  for (const plan of plans.slice(0, 4)) {
    s = performance.now();
    const scene = await renderScene(plan);
    add("render", s);
    s = performance.now();
    await compositeProduct(scene, c, { matchGrain: false });
    add("composite (no grain)", s);
    s = performance.now();
    const out = await compositeProduct(scene, c);
    add("composite + grain", s);
    s = performance.now();
    scoreOutput(out.rgb, SIZE, SIZE, c, out.placement);
    add("ranking", s);
    s = performance.now();
    bytes.push(await encodeImage(out.rgb, SIZE, SIZE, { format: "jpeg", quality: 90 }));
    add("JPEG", s);
  }
  return { t, bytes };
}

console.log(
  `render of four ${SIZE}², ${RUNS} runs, p50 per generation (load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")})\n`,
);
const stages: Record<string, number[]> = {};
const before: number[] = [];
const after: number[] = [];
let same = true;
await generateFromCutout(cut, req); // warm the code paths
for (let r = 0; r < RUNS; r++) {
  const { t } = await sequential(cut);
  for (const [k, v] of Object.entries(t)) {
    stages[k] = [...(stages[k] ?? []), v];
  }
  // before: each output's JPEG awaited before the next scene
  let s = performance.now();
  const plans = planScenes(planRequestOf(cut, req, SIZE, SIZE));
  const old: Buffer[] = [];
  for (const plan of plans.slice(0, 4)) {
    const out = await compositeProduct(await renderScene(plan), cut);
    scoreOutput(out.rgb, SIZE, SIZE, cut, out.placement);
    old.push(await encodeImage(out.rgb, SIZE, SIZE, { format: "jpeg", quality: 90 }));
  }
  before.push(performance.now() - s);
  s = performance.now();
  const now = await generateFromCutout(cut, req);
  after.push(performance.now() - s);
  same &&= now.length === 4 && old.every((b) => now.some((n) => n.bytes.equals(b)));
}
for (const [k, v] of Object.entries(stages)) {
  console.log(`${k.padEnd(22)} ${Math.round(median(v)).toString().padStart(6)} ms`);
}
console.log(
  `grain alone (difference) ${Math.round(median(stages["composite + grain"] ?? []) - median(stages["composite (no grain)"] ?? []))} ms`,
);
console.log(
  `\nfour outputs, before (JPEG awaited):      p50 ${Math.round(median(before))} ms  p90 ${Math.round(p90(before))} ms`,
);
console.log(
  `four outputs, now (JPEG beside the next): p50 ${Math.round(median(after))} ms  p90 ${Math.round(p90(after))} ms`,
);
console.log(`outputs byte-identical: ${same ? "yes" : "NO"}`);
