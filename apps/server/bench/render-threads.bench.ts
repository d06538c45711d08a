// Four photos from a cached cut-out over the server's two render threads (createThreadEngine),
// the shots split even/odd (A, before decision 0555's fourth round) against pulled one at a time
// from a shared counter (B), interleaved A, B, A, B … in one process: wall and CPU (all threads)
// per render of four, when each thread answered, and the outputs' bytes compared. Also what a
// render call costs besides its shots (one call of four against four calls of one, in this
// thread). `STUDIO_ASSETS_DIR=… RUNS=20 npx tsx bench/render-threads.bench.ts`
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Cutout, presentBySize, renderCopyMeta, setPhotoPack } from "@studio/engine";
import sharp from "sharp";
import { createThreadEngine, type ThreadEngine } from "../src/engine/engine-thread.ts";
import { renderGeneration } from "../src/modules/generations/generation-output.ts";
import { packLine } from "./bench-pack.ts";

const RUNS = Number(process.env.RUNS ?? 20);
const shared = path.resolve(import.meta.dirname, "../../../../shared/testdata/products");
const dir = process.env.STUDIO_ASSETS_DIR;
const job = {
  preset: "web",
  prompt: process.env.PROMPT ?? "white marble podium",
  template: null,
  imageCount: 4,
  seed: 424242,
};

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const r = Math.round;

async function photos(): Promise<{ name: string; bytes: Buffer; copy: boolean }[]> {
  const book = readFileSync(path.join(shared, "grabcut_book.jpg"));
  const big = await sharp(readFileSync(path.join(shared, "vimukthi_0b042c60.jpg")))
    .resize(4240, 2827)
    .jpeg({ quality: 85 })
    .toBuffer();
  return [
    { name: "640×480 book", bytes: book, copy: false },
    { name: "12 MP render copy", bytes: big, copy: true },
  ];
}

async function engineOf(shotSplit: "pull" | "alternate"): Promise<ThreadEngine> {
  const e = createThreadEngine({ renderThreads: 2, shotSplit });
  if (dir) await e.setPhotoPack?.(dir, [...presentBySize(dir)]);
  await e.preloadPack?.();
  await e.warm?.("classical", false, true, "render");
  return e;
}

async function main() {
  if (!existsSync(shared)) throw new Error(`no test photos in ${shared}`);
  console.log(packLine, `, runs ${RUNS}, prompt "${job.prompt}"`);
  if (dir) setPhotoPack(dir, presentBySize(dir));
  const engines = { A: await engineOf("alternate"), B: await engineOf("pull") };
  for (const photo of await photos()) {
    const made = await engines.A.cutoutPhoto(Buffer.from(photo.bytes), "auto", true);
    const copyMeta = photo.copy ? renderCopyMeta(made.meta) : null;
    const [png, meta] = copyMeta && made.copyPng ? [made.copyPng, copyMeta] : [made.png, made.meta];
    if (photo.copy && !copyMeta) console.log("  (no render copy: the full cut-out)");
    const cuts: Record<"A" | "B", Cutout> = {
      A: await engines.A.loadCutout(Buffer.from(png), meta),
      B: await engines.B.loadCutout(Buffer.from(png), meta),
    };
    console.log(`${photo.name}: cut-out ${cuts.A.width}×${cuts.A.height}`);

    // what a call costs besides its shots: this thread, one call of four vs four calls of one
    const local = structuredClone(cuts.A);
    const once: number[] = [];
    const apart: number[] = [];
    for (let i = 0; i < 6; i++) {
      let c = process.cpuUsage();
      await renderGeneration(job, local, undefined, []);
      c = process.cpuUsage(c);
      once.push((c.user + c.system) / 1000);
      c = process.cpuUsage();
      for (const k of [0, 1, 2, 3]) await renderGeneration(job, local, undefined, [], [k]);
      c = process.cpuUsage(c);
      apart.push((c.user + c.system) / 1000);
    }
    console.log(
      `  one call of four / four calls of one, CPU p50 ${r(p50(once))} / ${r(p50(apart))} ms`,
    );

    const fig = {
      A: { wall: [] as number[], cpu: [] as number[], gap: [] as number[], split: new Map() },
      B: { wall: [] as number[], cpu: [] as number[], gap: [] as number[], split: new Map() },
    };
    let same = 0;
    for (let i = 0; i < RUNS; i++) {
      const hashes: Record<string, string> = {};
      for (const k of i % 2 ? (["B", "A"] as const) : (["A", "B"] as const)) {
        const e = engines[k];
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const images = await e.render(job, cuts[k], undefined, []);
        const wall = performance.now() - t0;
        const c = process.cpuUsage(c0);
        const f = fig[k];
        f.wall.push(wall);
        f.cpu.push((c.user + c.system) / 1000);
        const ms = e.lastShared?.ms ?? [0, 0];
        f.gap.push(Math.abs(ms[0]! - ms[1]!));
        const split = e.lastShared?.shots.map((s) => s.length).join("+") ?? "-";
        f.split.set(split, (f.split.get(split) ?? 0) + 1);
        const h = createHash("sha256");
        for (const img of images) h.update(img.bytes);
        hashes[k] = h.digest("hex");
      }
      if (hashes.A === hashes.B) same++;
    }
    for (const k of ["A", "B"] as const) {
      const f = fig[k];
      console.log(
        `  ${k === "A" ? "A even/odd" : "B pulled  "} wall p50 ${r(p50(f.wall))} ms (min ${r(Math.min(...f.wall))}), CPU p50 ${r(p50(f.cpu))} ms, finish gap p50 ${r(p50(f.gap))} ms (max ${r(Math.max(...f.gap))}), shots per thread ${[...f.split].map(([s, n]) => `${s}×${n}`).join(" ")}`,
      );
    }
    console.log(`  outputs equal A/B in ${same} of ${RUNS} runs`);
  }
  await Promise.all([engines.A.close(), engines.B.close()]);
}

await main();
