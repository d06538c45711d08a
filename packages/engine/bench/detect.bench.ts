// npm run bench:detect [photos…] — what reading the product's kind costs: the detector's load
// (once per process) and each detection, wall and CPU time, with the machine's load beside them
// (on a shared 2-core box wall time mostly measures the neighbours). Without photos, on the
// drawn clock of the tests. Prints; asserts nothing.
import { readFile } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { loadDetector } from "../src/detect/centernet-model.ts";
import { detectProduct } from "../src/detect/detect-product.ts";
import { decodeImage } from "../src/input/decode.ts";
import { syntheticClock } from "../test/fixtures/synthetic-clock.ts";

const ROUNDS = 5;
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const files = process.argv.slice(2);
const photos = files.length
  ? await Promise.all(
      files.map(async (f) => ({ name: path.basename(f), bytes: await readFile(f) })),
    )
  : [{ name: "drawn clock", bytes: await syntheticClock() }];

const t0 = performance.now();
const c0 = process.cpuUsage();
await loadDetector();
console.log(
  `load + first run: ${Math.round(performance.now() - t0)} ms wall, ${Math.round(cpuMs(process.cpuUsage(c0)))} ms CPU (load average ${loadavg()[0]!.toFixed(1)})`,
);
for (const { name, bytes } of photos) {
  const image = await decodeImage(bytes);
  // the whole photo as the cut-out's box: the cost does not depend on it (always 320² pixels)
  const bbox = { x: 0, y: 0, width: image.width, height: image.height };
  const wall: number[] = [];
  const cpu: number[] = [];
  let found = null;
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    found = await detectProduct(image, bbox);
    wall.push(performance.now() - t);
    cpu.push(cpuMs(process.cpuUsage(c)));
  }
  console.log(
    `${name.padEnd(28)} ${image.width}×${image.height}  median ${Math.round(median(wall))} ms wall, ${Math.round(median(cpu))} ms CPU  ${found ? `${found.kind} ${found.confidence}` : "-"}`,
  );
}
console.log(`load average now ${loadavg()[0]!.toFixed(1)}`);
