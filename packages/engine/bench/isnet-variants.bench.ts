// npm run bench:isnet -w @studio/engine — ISNet alone (no cut-out around it), the shipped
// session against its variants (docs/decisions/0508): the int8 model of isnet-int8.ts, the
// package's own uint8 model ("small"), one intra-op thread, the parallel execution mode. Each
// round runs every variant once in turn, so the shared box's load falls on all of them alike;
// prints wall and CPU ms, p50 over RUNS rounds, at 1024² (the shipped fixed-size session) and
// at 640² and 512² (the dynamic-size session, isnet-dynamic.ts). Content does not change the
// work of a convolution network, so the input is a fixed pseudo-random picture.
import { loadavg } from "node:os";
import { type IsnetOptions, runIsnet } from "../src/cutout/isnet-model.ts";

const RUNS = Number(process.env.RUNS ?? 5);
const SIDES = (process.env.SIDES ?? "1024,640,512").split(",").map(Number);
const all: [string, IsnetOptions][] = [
  ["fp32 (shipped), 2 threads, sequential", {}],
  ["int8 per channel (isnet-int8.ts)", { model: "int8" }],
  ["uint8 per tensor (package's small)", { model: "small" }],
  ["int8 weights, QDQ form", { model: "qdq" }],
  ["fp32, 1 thread", { threads: 1 }],
  ["fp32, parallel mode", { parallel: true }],
];
// ONLY=regexp keeps the variants whose name matches
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
const chosen = all.filter(([name]) => !only || only.test(name));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function picture(side: number): Buffer {
  const b = Buffer.alloc(side * side * 3);
  let s = 12345;
  for (let i = 0; i < b.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    b[i] = s >> 23;
  }
  return b;
}

for (const side of SIDES) {
  // the package's small model keeps 1024²: isnet-dynamic.ts's rewrite does not fit its graph
  const variants = chosen.filter(([, o]) => side === 1024 || o.model !== "small");
  const input = picture(side);
  const wall = variants.map(() => [] as number[]);
  const cpu = variants.map(() => [] as number[]);
  // load each session and run it once first (what warmIsnet does at a server's start)
  for (const [, options] of variants) await runIsnet(input, side, options);
  const load0 = loadavg()[0]!;
  for (let r = 0; r < RUNS; r++) {
    for (const [i, [, options]] of variants.entries()) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await runIsnet(input, side, options);
      const u = process.cpuUsage(c0);
      wall[i]!.push(performance.now() - t0);
      cpu[i]!.push((u.user + u.system) / 1000);
    }
  }
  console.log(
    `\n${side}², ${RUNS} alternating rounds, p50 (load ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)})`,
  );
  for (const [i, [name]] of variants.entries()) {
    console.log(
      `  ${name.padEnd(40)} ${String(Math.round(median(wall[i]!))).padStart(6)} ms  cpu ${String(Math.round(median(cpu[i]!))).padStart(6)} ms   (wall ${wall[i]!.map(Math.round).join(" ")})`,
    );
  }
}
