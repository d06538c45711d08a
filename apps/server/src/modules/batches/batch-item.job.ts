// Handler of `batch.item`: imports the photo (the uploads service's checks, metadata stripped,
// deduplicated per account; its cut-out is computed here rather than queued ahead of web
// traffic), then renders it exactly like `generation.run` — in the same job, so a photo is one
// unit of work. Retried like a generation; the dead letter `batch.failed` fails and refunds it.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { HttpError } from "../../http/http-error.ts";
import type { GenerationJobs } from "../generations/generation-job.ts";
import {
  findActiveGeneration,
  setGenerationUpload,
} from "../generations/generations.repository.ts";
import type { JobContext } from "../jobs/job-definitions.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import { batchItems } from "./batches.tables.ts";

export function createBatchItemJob(deps: {
  db: Db;
  storage: ObjectStorage;
  uploads: UploadsService;
  jobs: () => GenerationJobs;
}) {
  const { db, storage, uploads } = deps;
  return {
    async run({ generationId }: { generationId: string }, ctx: JobContext): Promise<void> {
      const g = await findActiveGeneration(db, generationId);
      if (!g) return; // finished, cancelled or deleted meanwhile
      const [item] = await db
        .select()
        .from(batchItems)
        .where(eq(batchItems.generationId, generationId));
      if (!item) return; // its batch was deleted meanwhile
      if (!g.uploadId) {
        let uploadId = item.uploadId;
        if (!uploadId) {
          const bytes = item.sourceKey ? await storage.get(item.sourceKey) : null;
          if (!bytes) {
            await deps
              .jobs()
              .finalize(
                g.id,
                "failed",
                `${item.filename}: the photo is missing. Your coins were refunded.`,
              );
            return;
          }
          try {
            uploadId = (await uploads.accept(g.accountId, bytes, "product", { queueCutout: false }))
              .id;
          } catch (err) {
            if (err instanceof HttpError && err.statusCode < 500) {
              await deps
                .jobs()
                .finalize(
                  g.id,
                  "failed",
                  `${item.filename}: ${err.error} Your coins were refunded.`,
                );
              return;
            }
            throw err;
          }
        }
        await setGenerationUpload(db, g.id, uploadId);
        await db
          .update(batchItems)
          .set({ uploadId, sourceKey: null })
          .where(eq(batchItems.generationId, g.id));
        if (item.sourceKey) await storage.delete(item.sourceKey).catch(() => {});
      }
      await deps.jobs().run({ generationId }, ctx);
    },
    async deadLetter({ generationId }: { generationId: string }) {
      await deps.jobs().deadLetter({ generationId });
    },
  };
}
