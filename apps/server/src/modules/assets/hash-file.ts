// SHA-256 of a file, streamed (a download's check), and of many files on a thread of their own
// (the pack's check at start; its files are 0.01–12 MB).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { Worker } from "node:worker_threads";

export async function sha256File(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk);
  return hash.digest("hex");
}

// read and hashed one after the other, on a thread of their own
const hashFiles = `
const { parentPort, workerData } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const { closeSync, openSync, readSync } = require("node:fs");
const buf = Buffer.allocUnsafe(1 << 20);
parentPort.postMessage(workerData.map((path) => {
  const hash = createHash("sha256");
  const fd = openSync(path, "r");
  try {
    for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0; ) hash.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest("hex");
}));
`;

/**
 * SHA-256 of each file, in order, hashed on a worker thread: a hash streamed on the main thread's
 * event loop waits whenever that loop is busy, and at start it is (the app's modules, PGlite's
 * open and migrations, Fastify's schemas): begun beside the database's open, the pack's check of
 * a fresh DATA_DIR (207 MB) took 19-25 s, 0.4-0.6 s on its thread. Rejects when a file cannot
 * be read.
 */
export function sha256Files(paths: readonly string[], signal?: AbortSignal): Promise<string[]> {
  if (!paths.length) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const worker = new Worker(hashFiles, { eval: true, workerData: paths });
    const abort = () => {
      reject(signal?.reason);
      void worker.terminate();
    };
    signal?.addEventListener("abort", abort, { once: true });
    const done = () => signal?.removeEventListener("abort", abort);
    worker.once("message", (hashes: string[]) => {
      done();
      resolve(hashes);
    });
    worker.once("error", (err) => {
      done();
      reject(err);
    });
    worker.once("exit", (code) => reject(new Error(`the hashing thread exited (${code})`)));
  });
}
