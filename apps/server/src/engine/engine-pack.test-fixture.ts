// Test-only thread entry: the real engine thread, plus an answer to a thumbnail of "photo-pack?"
// with the photographic pack the thread's engine holds, so engine-pack.test.ts can see it.
import { parentPort } from "node:worker_threads";
import { photoPack } from "@studio/engine";
import "./engine.thread.ts";

// the engine's own listener answers asynchronously (an unknown template): this one, synchronous,
// answers first, and the engine's later answer to the same id is dropped
parentPort?.on("message", (msg: { id: number; op: string; args: unknown[] }) => {
  if (msg.op !== "templateThumbnail" || msg.args[0] !== "photo-pack?") return;
  const pack = photoPack();
  parentPort?.postMessage({
    id: msg.id,
    ok: true,
    value: pack ? { dir: pack.dir, present: [...pack.present].sort() } : null,
  });
});
