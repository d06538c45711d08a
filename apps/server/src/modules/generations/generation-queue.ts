// Where a generation stands: its position among the waitlisted ones and an estimate in
// seconds from recent measured run times and the workers online. A position shown to the
// client never goes up: the express lane (a user's first 200 photos) or a crashed job coming
// back can move a generation back in the real order; the client then keeps seeing the lowest
// position it was shown until the real one catches up (docs/decisions/0501).
import type { GenerationsConfig } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { workersOnline } from "../jobs/workers.repository.ts";
import {
  countAhead,
  countRunning,
  recentRunSeconds,
  showPosition,
} from "./generations.repository.ts";
import type { GenerationRow } from "./generations.tables.ts";

/** before anything was measured: 4 images at 1024 px and a cut-out on 2 cores */
const DEFAULT_RUN_SECONDS = 6;

export interface QueueInfo {
  position?: number;
  etaSeconds?: number;
}

/**
 * Seconds a generation takes on the GPU servers, from each server's measured seconds per image;
 * undefined when it runs on the CPU (comfyui/gpu.module.ts).
 */
export type GpuRunSeconds = (row: GenerationRow) => Promise<number | undefined>;

export async function queueInfo(
  db: Db,
  config: GenerationsConfig,
  row: GenerationRow,
  nowMs: number,
  gpuRunSeconds?: GpuRunSeconds,
): Promise<QueueInfo> {
  if (row.status === "done" || row.status === "failed") return {};
  const run = (await gpuRunSeconds?.(row)) ?? (await recentRunSeconds(db)) ?? DEFAULT_RUN_SECONDS;
  if (row.status !== "waitlisted") {
    const elapsed = row.startedAt ? (nowMs - row.startedAt.getTime()) / 1000 : 0;
    return { etaSeconds: Math.max(1, Math.ceil(run - elapsed)) };
  }
  const [ahead, running, workers] = await Promise.all([
    countAhead(db, row.id),
    countRunning(db),
    workersOnline(db, config.heartbeatSeconds),
  ]);
  const position = await showPosition(db, row.id, ahead + 1);
  // rounds of work before ours on the workers online, then our own run
  const etaSeconds = Math.ceil(run * ((ahead + running) / Math.max(1, workers) + 1));
  return { position, etaSeconds };
}
