// Video render + encode figures: `npm run bench:video [-- photo.jpg] [--move orbit]`.
// Default input is the project's own synthetic bottle (cut out by the classical method), so the
// bench runs on a fresh clone; pass a photo to measure on a real one (isnet cut-out, not timed).
// Prints seconds for a 5 s 1080×1080 30 fps clip, per-frame draw time and peak memory.
import "./use-pack.ts";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { cutout } from "../src/cutout/cutout.ts";
import { decodeImage } from "../src/input/decode.ts";
import { renderVideo, type VideoMove } from "../src/video/index.ts";
import { syntheticPhoto } from "../test/fixtures/synthetic-product.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { move: { type: "string" }, fps: { type: "string" }, keep: { type: "string" } },
});
const photo = positionals[0]
  ? await readFile(positionals[0])
  : (await syntheticPhoto({ shape: "bottle", width: 900, height: 1100 })).bytes;
const cut = await cutout(await decodeImage(photo), {
  method: positionals[0] ? "auto" : "classical",
});
const dir = await mkdtemp(path.join(tmpdir(), "video-bench-"));
const out = values.keep ?? path.join(dir, "bench.mp4");
let peakRss = process.memoryUsage().rss;
const timer = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const move = (values.move ?? "orbit") as VideoMove;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const r = await renderVideo([cut], {
  out,
  move,
  seconds: 5,
  fps: values.fps === "24" ? 24 : 30,
  aspect: "1:1",
  prompt: "on marble",
  onProgress: (e) => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    if (e.frame % 30 === 0) process.stderr.write(`\r${e.stage} ${e.frame}/${e.total}   `);
  },
});
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
clearInterval(timer);
const size = (await stat(out)).size;
process.stderr.write("\n");
console.log(`video bench: ${move}, 5 s ${r.width}×${r.height} @ ${r.fps} fps (${r.frames} frames)`);
console.log(`  render + encode     ${seconds.toFixed(2)} s`);
console.log(`  set render (once)   ${(r.timings.plateMs / 1000).toFixed(2)} s`);
console.log(`  per-frame draw      ${r.timings.perFrameMs} ms (wall)`);
console.log(
  `  CPU of this process ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s (ffmpeg's own not counted; robust to a loaded box)`,
);
console.log(`  frames + encode     ${(r.timings.framesMs / 1000).toFixed(2)} s`);
console.log(`  peak memory (rss)   ${Math.round(peakRss / 2 ** 20)} MB`);
console.log(
  `  file                ${(size / 2 ** 20).toFixed(2)} MB${values.keep ? ` → ${out}` : ""}`,
);
if (!values.keep) await rm(dir, { recursive: true, force: true });
