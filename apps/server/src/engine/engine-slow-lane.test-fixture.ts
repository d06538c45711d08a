// Test-only thread entry: the real engine thread, except that the first thread (workerData lane
// 0) stalls for 3 s at the start of a render whose prompt says "slow first lane", after it has
// taken its first shot, so engine-thread.test.ts can see the second thread take the rest.
import { parentPort, workerData } from "node:worker_threads";
import "./engine.thread.ts";

// the engine's own listener has started the render (and taken a shot) when this one runs
parentPort?.on("message", (msg: { op: string; args: unknown[] }) => {
  const job = msg.args[0] as { prompt?: string } | undefined;
  if ((workerData as { lane?: number } | undefined)?.lane !== 0) return;
  if (msg.op !== "render" || !job?.prompt?.includes("slow first lane")) return;
  const until = performance.now() + 3000;
  while (performance.now() < until) {
    // busy: the thread's event loop is held, as a long shot would hold it
  }
});
