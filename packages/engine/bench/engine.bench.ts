// npm run bench:engine — figures on real photos from ../shared/testdata (internal test data,
// never shipped; see its SOURCES.md). Prints; asserts nothing.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { assetMemoryBytes } from "../src/assets/index.ts";
import { compositeProduct } from "../src/composite/composite.ts";
import { encodeImage } from "../src/composite/encode.ts";
import { type GrainMatch, matchGrain } from "../src/composite/match-grain.ts";
import { sensorShare } from "../src/composite/photo-grain.ts";
import { computePlacement, productLayer } from "../src/composite/place.ts";
import { scoreOutput } from "../src/composite/rank-outputs.ts";
import { cutout } from "../src/cutout/cutout.ts";
import { loadIsnet } from "../src/cutout/isnet-model.ts";
import { generate, generateFromCutout } from "../src/generate.ts";
import { decodeImage } from "../src/input/decode.ts";
import { renderScene } from "../src/render/index.ts";
import { describePlan } from "../src/scenes/describe-plan.ts";
import { planScenes } from "../src/scenes/index.ts";
import type { Cutout } from "../src/types.ts";
import { promptTable } from "../test/fixtures/prompt-table.ts";
import { maskIou } from "./mask-iou.ts";
import { startRenderThreads } from "./render-threads.ts";
import { testData, testDataOrSkip } from "./team-data.ts";
import { thinStructureFigures } from "./thin-structures.bench.ts";
import { setsKind } from "./use-pack.ts";

const products = testDataOrSkip("products", "The engine benchmark needs the team's test photos.");
const masks = path.join(testData, "masks");

const ms = (t: number) => `${Math.round(t)} ms`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const median = (xs: number[]) => pct(xs, 50);
const rssMB = () => Math.round(process.resourceUsage().maxRSS / 1024);

const files = readdirSync(products)
  .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
  .sort();
console.log(`engine benchmark on ${files.length} photos from ${products}`);
// other processes on the box inflate every figure: say how busy it was
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
console.log(`${cpus().length} cores, load average at start ${load()}\n`);

// 1. cut-out
console.log("== cut-out (ISNet medium, onnxruntime-node sequential, 2 threads) ==");
const tLoad = performance.now();
await loadIsnet();
const loadMs = performance.now() - tLoad;
console.log(`model load (join chunks + create session): ${ms(loadMs)}, RSS ${rssMB()} MB`);
const cuts = new Map<string, Cutout>();
const times: number[] = [];
const cpuTimes: number[] = [];
// CPU time of all the process's threads: unlike wall time, barely moved by other processes
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
const ious: { name: string; isnet: number; classical: number | null }[] = [];
for (const [i, f] of files.entries()) {
  const bytes = readFileSync(path.join(products, f));
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const img = await decodeImage(bytes);
  const cut = await cutout(img, { method: "isnet" });
  const t = performance.now() - t0;
  const cpu = cpuMs(c0);
  cpuTimes.push(cpu);
  times.push(t);
  cuts.set(f, cut);
  const maskFile = path.join(masks, f.replace(/\.\w+$/, ".png"));
  let line = `${f.padEnd(28)} ${img.width}×${img.height}  ${ms(t)} (cpu ${ms(cpu)})${i === 0 ? " (first inference)" : ""}`;
  if (existsSync(maskFile)) {
    const a = await maskIou(cut, maskFile);
    let c: number | null = null;
    try {
      c = await maskIou(await cutout(img, { method: "classical" }), maskFile);
    } catch {
      c = null;
    }
    ious.push({ name: f, isnet: a, classical: c });
    line += `  IoU ${a.toFixed(4)}  classical ${c === null ? "refused (NO_SUBJECT)" : c.toFixed(4)}`;
  }
  console.log(line);
}
const steady = times.slice(1);
const mean = ious.reduce((s, x) => s + x.isnet, 0) / ious.length;
const worst = ious.reduce((w, x) => (x.isnet < w.isnet ? x : w));
console.log(
  `\nISNet IoU mean ${mean.toFixed(4)}, worst ${worst.isnet.toFixed(4)} (${worst.name}) over ${ious.length} masks`,
);
console.log(
  `first photo ${ms(loadMs + times[0]!)} including model load; steady state median ${ms(median(steady))}, p90 ${ms(pct(steady, 90))}`,
);
console.log(
  `steady state CPU median ${ms(median(cpuTimes.slice(1)))} (both threads; ≈ 2 × the wall time of an idle 2-core box)`,
);
console.log(`peak RSS so far ${rssMB()} MB\n`);

// 2. per output stage timings
console.log("== per output (4 scenes, median per stage) ==");
const sample = cuts.get(files.find((f) => f.includes("vimukthi")) ?? files[0]!)!;
for (const side of [1024, 2048]) {
  const plans = planScenes({
    seed: 7,
    count: 4,
    width: side,
    height: side,
    product: { colors: sample.colors, aspectRatio: sample.bbox.width / sample.bbox.height },
  });
  const r: number[] = [];
  const c: number[] = [];
  const e: number[] = [];
  const rc: number[] = [];
  const cc: number[] = [];
  const ec: number[] = [];
  const k: number[] = [];
  for (const plan of plans) {
    let t = performance.now();
    let u = process.cpuUsage();
    const scene = await renderScene(plan);
    r.push(performance.now() - t);
    rc.push(cpuMs(u));
    t = performance.now();
    u = process.cpuUsage();
    const out = await compositeProduct(scene, sample);
    c.push(performance.now() - t);
    cc.push(cpuMs(u));
    t = performance.now();
    scoreOutput(out.rgb, side, side, sample, out.placement);
    k.push(performance.now() - t);
    t = performance.now();
    u = process.cpuUsage();
    await encodeImage(out.rgb, side, side, { format: "jpeg", quality: 90 });
    e.push(performance.now() - t);
    ec.push(cpuMs(u));
  }
  console.log(
    `${side} px: render ${ms(median(r))} (cpu ${ms(median(rc))}), composite ${ms(median(c))} (cpu ${ms(median(cc))}), encode JPEG ${ms(median(e))} (cpu ${ms(median(ec))}), ranking score ${ms(median(k))}`,
  );
}

// 3. end to end
console.log("\n== end to end: one upload → four 1024 px photos ==");
const e2e: number[] = [];
const cached: number[] = [];
const cachedCpu: number[] = [];
const cachedCuts: Cutout[] = [];
for (const f of files) {
  const bytes = readFileSync(path.join(products, f));
  let t = performance.now();
  const { cutout: cut } = await generate(
    bytes,
    { count: 4, seed: 3, prompt: "on a marble counter" },
    { cutout: { method: "isnet" } },
  );
  e2e.push(performance.now() - t);
  cachedCuts.push(cut);
  t = performance.now();
  const u = process.cpuUsage();
  await generateFromCutout(cut, { count: 4, seed: 4 });
  cached.push(performance.now() - t);
  cachedCpu.push(cpuMs(u));
}
console.log(
  `upload + cut-out + 4 outputs: p50 ${ms(pct(e2e, 50))}, p90 ${ms(pct(e2e, 90))}  (aim < 3000 ms)`,
);
console.log(
  `4 outputs from a cached cut-out: p50 ${ms(pct(cached, 50))}, p90 ${ms(pct(cached, 90))}  (aim < 1000 ms); cpu p50 ${ms(pct(cachedCpu, 50))}`,
);
console.log(`peak RSS ${rssMB()} MB; load average at end ${load()}`);
console.log(
  `sets: ${setsKind()}; decoded pack images held ${Math.round(assetMemoryBytes() / 2 ** 20)} MB`,
);
// what the server does with the same four (engine-thread.ts): two render threads, each taking
// the next shot; warmed first on every product, as a server's threads are by the time it serves
{
  const threads = startRenderThreads(2);
  for (const cut of cachedCuts) await threads.render(cut, { count: 4, seed: 5 });
  const shared: number[] = [];
  for (const cut of cachedCuts) {
    const t = performance.now();
    await threads.render(cut, { count: 4, seed: 4 });
    shared.push(performance.now() - t);
  }
  await threads.close();
  console.log(
    `the same four on two render threads, as the server renders them: p50 ${ms(pct(shared, 50))}, p90 ${ms(pct(shared, 90))}`,
  );
}

// 4. the brief (decision 0452): plan coverage on the prompt table, the new sets' render time, and
// four outputs at 1024 for prompts that use them
console.log("\n== the brief ==");
let rows = 0;
let met = 0;
for (const row of promptTable) {
  const d = describePlan({
    prompt: row.prompt,
    seed: 1,
    count: 4,
    width: 512,
    height: 512,
    product: { colors: sample.colors, aspectRatio: sample.bbox.width / sample.bbox.height },
  });
  rows++;
  const ok =
    (!row.setting || d.shots.every((s) => s.setting === row.setting)) &&
    (!row.camera || d.shots.every((s) => s.camera.view === row.camera)) &&
    (row.props ?? []).every((p) => d.shots.every((s) => s.props.includes(p))) &&
    (!row.product || d.understood.product.kind === row.product) &&
    (!row.stands || d.shots.every((s) => s.stands === row.stands));
  if (ok) met++;
}
console.log(`plan coverage on the prompt table: ${met}/${rows} prompts fully reach the plan`);
const briefPrompts = [
  "flat lay on pink paper with flowers",
  "in a snowy forest at night, christmas lights",
  "on a city street at night",
  "garden with flowers",
  "cozy living room with candles and books",
  "on marble",
  "grey sofa in a bright living room",
  "red car on a city street at night",
];
const four: number[] = [];
for (const prompt of briefPrompts) {
  const renders: number[] = [];
  const t = performance.now();
  const images = await generateFromCutout(sample, { prompt, count: 4, seed: 9 });
  four.push(performance.now() - t);
  for (const img of images) renders.push(img.timings.renderMs);
  console.log(
    `${prompt.padEnd(46)} four at 1024: ${ms(four.at(-1)!)}; render median ${ms(median(renders))}`,
  );
}
console.log(
  `four 1024 px outputs across these prompts: p50 ${ms(pct(four, 50))}, p90 ${ms(pct(four, 90))}`,
);

// 5. thin structures on any backdrop, and products the photo cuts off (see
// thin-structures.bench.ts; renders of cropped photos: bench/cropped-renders.ts)
console.log("\n== thin structures and cropped products ==");
await thinStructureFigures(products, masks);
// 6. grain/softness match (composite/match-grain.ts): what it measures on each real photo's
// placed layer, and its time per 1024 output (measure + blur + grain, on a copy of the set)
console.log("\n== grain/softness match, 1024 outputs ==");
const grainTimes: number[] = [];
for (const [f, cut] of cuts) {
  const plan = planScenes({
    seed: 3,
    count: 1,
    width: 1024,
    height: 1024,
    product: { colors: cut.colors, aspectRatio: cut.bbox.width / cut.bbox.height },
  })[0]!;
  const scene = await renderScene(plan);
  const placement = computePlacement(cut, scene.placement);
  const layer = await productLayer(cut, placement);
  let g: GrainMatch | undefined;
  const reps: number[] = [];
  for (let k = 0; k < 5; k++) {
    const out = Buffer.from(scene.rgb);
    const t = performance.now();
    g = await matchGrain(out, scene, layer, placement, sensorShare(cut));
    reps.push(performance.now() - t);
  }
  grainTimes.push(median(reps));
  const n = g!.product.noise;
  const bins = [...n.lumaByBin].map((v) => v.toFixed(1)).join(" ");
  console.log(
    `${f.padEnd(28)} scale ${placement.scale.toFixed(2)}  camera's share ${sensorShare(cut).toFixed(2)}  noise Y ${n.luma.toFixed(2)} C ${n.chroma.toFixed(2)} (by luminance ${bins})  softness ${g!.product.softness.sigma?.toFixed(2) ?? "n/a"} px (${g!.product.softness.edges} edges), set ${g!.set.softness?.toFixed(2) ?? "n/a"}  → blur ${g!.blur.toFixed(2)}, grain ${Math.max(...g!.addedLuma).toFixed(2)}  ${ms(median(reps))}`,
  );
}
console.log(
  `grain/softness match per 1024 output: median ${median(grainTimes).toFixed(1)} ms, max ${Math.max(...grainTimes).toFixed(1)} ms`,
);
