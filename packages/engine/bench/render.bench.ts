// Scene render timings (one core): `npx tsx bench/render.bench.ts [templateIds]`.
// Prints median and worst milliseconds per size over a spread of templates and variants, as
// CPU time of this process (robust when other work shares the machine) and as wall time.
import { renderScene } from "../src/render/index.ts";
import { planScenes, templates } from "../src/scenes/index.ts";

const ids = process.argv[2]?.split(",") ?? templates.map((t) => t.id);
const product = { colors: [[180, 60, 60] as [number, number, number]], aspectRatio: 0.6 };

async function time(size: number): Promise<void> {
  const ms: number[] = [];
  const wall: number[] = [];
  const byTemplate: [string, number][] = [];
  for (const id of ids) {
    const plans = planScenes({
      templateId: id,
      seed: 3,
      count: 2,
      width: size,
      height: size,
      product,
    });
    for (const plan of plans) {
      const t = performance.now();
      const c = process.cpuUsage();
      await renderScene(plan);
      const used = process.cpuUsage(c);
      const d = (used.user + used.system) / 1000;
      wall.push(performance.now() - t);
      ms.push(d);
      byTemplate.push([`${id}#${plan.variant}`, d]);
    }
  }
  ms.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  const worst = byTemplate.sort((a, b) => b[1] - a[1]).slice(0, 3);
  console.log(
    `${size}px CPU: median ${ms[Math.floor(ms.length / 2)]!.toFixed(0)} ms, p90 ${ms[Math.floor(ms.length * 0.9)]!.toFixed(0)} ms (wall median ${wall[Math.floor(wall.length / 2)]!.toFixed(0)}), worst ${worst.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", ")} (n=${ms.length})`,
  );
}

// warm up: JIT (every template's code paths, so the figures are a long-running server's) and
// the noise tables; the first render of a process costs ~1 s more (fBm table, JIT)
for (const id of ids) {
  for (const plan of planScenes({
    templateId: id,
    seed: 1,
    count: 2,
    width: 256,
    height: 256,
    product,
  })) {
    await renderScene(plan);
  }
}
await time(1024);
await time(2048);
