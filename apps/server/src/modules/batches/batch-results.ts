// GET /v1/batches/:id/results: every delivered image of a batch, streamed into one ZIP, named
// by the photo's position and its original file name.
import { asc, eq } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/database.ts";
import { zipStream } from "../../http/zip.ts";
import { extensions } from "../generations/generation-output.ts";
import { imagesOf } from "../generations/generations.repository.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import { chunks } from "./batch-chunks.ts";
import { ownedBatch } from "./batch-presenter.ts";
import { batchItems } from "./batches.tables.ts";

/** every delivered image, as files streamed into one ZIP */
export async function batchResults(
  deps: { db: Db; storage: ObjectStorage; clock: Clock },
  accountId: string,
  id: string,
) {
  const { db, storage, clock } = deps;
  const b = await ownedBatch(db, accountId, id);
  const items = await db
    .select()
    .from(batchItems)
    .where(eq(batchItems.batchId, id))
    .orderBy(asc(batchItems.idx));
  async function* files() {
    for (const part of chunks(items, 50)) {
      const byGen = new Map(part.map((i) => [i.generationId, i]));
      const rows = await imagesOf(db, [...byGen.keys()]);
      rows.sort(
        (x, y) =>
          (byGen.get(x.generationId)?.idx ?? 0) - (byGen.get(y.generationId)?.idx ?? 0) ||
          x.idx - y.idx,
      );
      for (const row of rows) {
        const item = byGen.get(row.generationId);
        const bytes = await storage.get(row.storageKey);
        if (!item || !bytes) continue;
        const stem =
          item.filename
            .replace(/^.*\//, "")
            .replace(/\.[^.]+$/, "")
            .replace(/[^\w.-]+/g, "_") || "photo";
        const ext = extensions[row.format as keyof typeof extensions] ?? "bin";
        yield {
          name: `${String(item.idx + 1).padStart(4, "0")}-${stem}-${row.idx + 1}.${ext}`,
          bytes,
        };
      }
    }
  }
  return { batch: b, zip: zipStream(files(), new Date(clock())) };
}
