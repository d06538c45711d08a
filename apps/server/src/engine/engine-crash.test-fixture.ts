// Test-only thread entry: the real engine thread, except that a thumbnail of "crash-me" throws
// an uncaught exception, so engine-thread.test.ts can kill the thread mid-call.
import { parentPort } from "node:worker_threads";
import "./engine.thread.ts";

// the engine's own listener is busy (async) when this throws: the thread dies before it answers
parentPort?.on("message", (msg: { op: string; args: unknown[] }) => {
  if (msg.op === "templateThumbnail" && msg.args[0] === "crash-me") {
    throw new Error("boom (test crash)");
  }
});
