// The pool's shared state in the database (decision 1100): each process health-checks and runs
// jobs on its own, and writes what it saw here, so the API process's ETA uses the seconds per
// image the worker processes measured, and every process starts from what the others learnt.
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { comfyuiServers } from "./comfyui.tables.ts";

export interface ServerRecord {
  url: string;
  healthy: boolean;
  secondsPerImage: number | undefined;
  lastError: string | undefined;
}

/** What the pool reads and writes; the database's is below, the tests' may be the same one. */
export interface PoolStore {
  /**
   * Folds one job's seconds per image into the server's smoothed speed (0.7 old + 0.3 new) in
   * one statement, so two processes finishing at once both count; answers the new value.
   */
  recordSpeed(url: string, secondsPerImage: number): Promise<number>;
  recordHealth(url: string, healthy: boolean, lastError: string | undefined): Promise<void>;
  read(urls: readonly string[]): Promise<ServerRecord[]>;
}

export function databasePoolStore(db: Db): PoolStore {
  return {
    async recordSpeed(url, secondsPerImage) {
      const [row] = await db
        .insert(comfyuiServers)
        .values({ url, healthy: true, secondsPerImage })
        .onConflictDoUpdate({
          target: comfyuiServers.url,
          set: {
            secondsPerImage: sql`coalesce(0.7 * ${comfyuiServers.secondsPerImage} + 0.3 * excluded.seconds_per_image, excluded.seconds_per_image)`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ secondsPerImage: comfyuiServers.secondsPerImage });
      return row?.secondsPerImage ?? secondsPerImage;
    },
    async recordHealth(url, healthy, lastError) {
      await db
        .insert(comfyuiServers)
        .values({ url, healthy, lastError: lastError ?? null })
        .onConflictDoUpdate({
          target: comfyuiServers.url,
          set: { healthy, lastError: lastError ?? null, updatedAt: sql`now()` },
        });
    },
    async read(urls) {
      if (urls.length === 0) return [];
      const rows = await db
        .select()
        .from(comfyuiServers)
        .where(inArray(comfyuiServers.url, [...urls]));
      return rows.map((r) => ({
        url: r.url,
        healthy: r.healthy,
        secondsPerImage: r.secondsPerImage ?? undefined,
        lastError: r.lastError ?? undefined,
      }));
    },
  };
}
