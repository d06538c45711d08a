// How far the GPU servers are with a running generation's photos, shared through the database
// (decision 1100): the worker that runs the generation hears the sampler's steps on ComfyUI's
// websocket and writes them here; the status the seller's page follows (any API process) reads
// them. Writes are thinned to every 5 points so a 30-step sampler does not write 30 rows a shot.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { comfyuiProgress } from "./comfyui.tables.ts";

const STEP = 0.05;

export interface PaintProgress {
  /** 0..1 over all the generation's shots; resolves once written (or skipped as too small) */
  report(generationId: string, painted: number): Promise<void>;
  /** undefined when the generation is not painting on a GPU server */
  read(generationId: string): Promise<number | undefined>;
  /** the painting ended (done, failed or fell back to the CPU) */
  clear(generationId: string): Promise<void>;
}

export function databasePaintProgress(db: Db): PaintProgress {
  const written = new Map<string, number>();
  return {
    async report(generationId, painted) {
      const value = Math.min(1, Math.max(0, painted));
      const last = written.get(generationId);
      if (last !== undefined && value < 1 && value - last < STEP) return;
      written.set(generationId, value);
      await db
        .insert(comfyuiProgress)
        .values({ generationId, painted: value })
        .onConflictDoUpdate({
          target: comfyuiProgress.generationId,
          // shots report out of order: the share never goes back
          set: {
            painted: sql`greatest(${comfyuiProgress.painted}, excluded.painted)`,
            updatedAt: sql`now()`,
          },
        });
    },
    async read(generationId) {
      const [row] = await db
        .select({ painted: comfyuiProgress.painted })
        .from(comfyuiProgress)
        .where(eq(comfyuiProgress.generationId, generationId));
      return row?.painted;
    },
    async clear(generationId) {
      written.delete(generationId);
      await db.delete(comfyuiProgress).where(eq(comfyuiProgress.generationId, generationId));
    },
  };
}
