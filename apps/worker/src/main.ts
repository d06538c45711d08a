// Entry point of a worker process: runs the job handlers (cut-outs, generations) and nothing
// else. Configured by the same environment as the server (DATABASE_URL, STORAGE_URL, …).
import { startWorkerProcess } from "@studio/server/worker";

startWorkerProcess().catch((err: unknown) => {
  console.error("Worker failed to start:", err instanceof Error ? err.message : err);
  process.exit(1);
});
