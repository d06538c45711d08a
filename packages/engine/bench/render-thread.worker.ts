// One render thread of render-threads.ts: renders the shots it pulls from the shared counter.
import "./use-pack.ts";
import { parentPort } from "node:worker_threads";
import { preloadPackImages } from "../src/assets/preload-pack.ts";
import { type GenerateRequest, generateFromCutout } from "../src/generate.ts";
import type { Cutout } from "../src/types.ts";

const port = parentPort!;
// the pack's surfaces and walls decoded before the first render, as a server's threads have them
const ready = preloadPackImages();
port.on("message", async (msg: { cut: Cutout; req: GenerateRequest; counter: Int32Array }) => {
  try {
    await ready;
    const rgba = Buffer.from(msg.cut.rgba.buffer, msg.cut.rgba.byteOffset, msg.cut.rgba.length);
    const images = await generateFromCutout(
      { ...msg.cut, rgba },
      { ...msg.req, nextShot: () => Atomics.add(msg.counter, 0, 1) },
    );
    port.postMessage(
      { images },
      images.map((i) => i.bytes.buffer as ArrayBuffer),
    );
  } catch (err) {
    port.postMessage({ error: err instanceof Error ? err.stack : String(err) });
  }
});
