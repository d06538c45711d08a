import sharp from "sharp";
import { createThreadEngine } from "../../src/engine/engine-thread.ts";
import { productPhoto } from "../../src/modules/uploads/test-images.test-helper.ts";
const job = { preset: "web", prompt: "white marble podium", template: null, imageCount: 4, seed: 9 };
const bytes = await sharp(await productPhoto({ width: 640, height: 480 })).jpeg().toBuffer();
const e = createThreadEngine({ renderThreads: 2 });
const made = await e.cutoutPhoto(Buffer.from(bytes), "classical", false);
await e.warm!("classical", false);
const walls: number[] = [];
for (let r = 0; r < 7; r++) {
  const cut = await e.loadCutout(Buffer.from(made.png), JSON.parse(JSON.stringify(made.meta)));
  const s = performance.now();
  await e.render(job, cut, undefined, []);
  walls.push(performance.now() - s);
}
walls.sort((a, b) => a - b);
console.log(process.env.VIPS_CONCURRENCY ?? "default", process.env.UV_THREADPOOL_SIZE ?? "-", "p50", walls[3]!.toFixed(0), "min", walls[0]!.toFixed(0));
await e.close();
