// The engine thread's busy time, read from the thread's own event-loop utilisation (Node's
// worker.performance), so no call has to be timed by hand. A restarted thread starts a new
// count; threads that ended keep what they had counted when last read.
import type { Worker } from "node:worker_threads";

let current: Worker | null = null;
let endedActiveMs = 0;
let lastReadMs = 0;

export const engineThreadMetrics = {
  attach(worker: Worker): void {
    endedActiveMs += lastReadMs;
    lastReadMs = 0;
    current = worker;
  },
  /** busy milliseconds of every engine thread of this process */
  busyMs(): number {
    if (current) {
      try {
        lastReadMs = current.performance.eventLoopUtilization().active;
      } catch {
        // the thread has ended: keep its last reading
      }
    }
    return endedActiveMs + lastReadMs;
  },
};
