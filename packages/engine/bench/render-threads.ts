// The server renders one generation's photos on two engine threads, each pulling the next shot
// from a counter in shared memory (apps/server/src/engine/engine-thread.ts, decision 0555).
// This starts the same pair for bench:engine, so it can print what a seller waits for on this
// machine beside the one-thread figure. Each thread builds the sets from the pack itself.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { type GeneratedImage, type GenerateRequest, rankImages } from "../src/generate.ts";
import type { Cutout } from "../src/types.ts";

/** a worker that runs render-thread.worker.ts under tsx, as the server's engine threads do */
function tsWorker(entry: URL): Worker {
  const root = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const api = pathToFileURL(path.join(root, "dist/esm/api/index.mjs")).href;
  const code = `import { register } from ${JSON.stringify(api)};
register();
await import(${JSON.stringify(entry.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { execArgv: [] });
}

export interface RenderThreads {
  /** the request's photos from `cut`, shared over the threads, best first */
  render(cut: Cutout, req: Omit<GenerateRequest, "nextShot" | "shots">): Promise<GeneratedImage[]>;
  close(): Promise<void>;
}

export function startRenderThreads(count = 2): RenderThreads {
  const entry = new URL("./render-thread.worker.ts", import.meta.url);
  const threads = Array.from({ length: count }, () => tsWorker(entry));
  const ask = (w: Worker, msg: unknown) =>
    new Promise<GeneratedImage[]>((resolve, reject) => {
      w.once("message", (m: { images?: GeneratedImage[]; error?: string }) =>
        m.error ? reject(new Error(m.error)) : resolve(m.images!),
      );
      w.postMessage(msg);
    });
  return {
    async render(cut, req) {
      // the cut-out's pixels in shared memory, read by every thread without a copy
      const shared = Buffer.from(new SharedArrayBuffer(cut.rgba.byteLength));
      cut.rgba.copy(shared);
      const counter = new Int32Array(new SharedArrayBuffer(4));
      const parts = await Promise.all(
        threads.map((w) => ask(w, { cut: { ...cut, rgba: shared }, req, counter })),
      );
      return rankImages(parts.flat());
    },
    async close() {
      await Promise.all(threads.map((w) => w.terminate()));
    },
  };
}
