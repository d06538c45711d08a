// Handlers of video.run and video.failed. Safe to run twice for the same video (a worker killed
// mid-job): the files have fixed keys `video/<id>/…`, and the final transition (done | failed
// with the refund `video:<id>:refund`) happens once, guarded by the status in one transaction.
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { VideoMessages } from "@studio/contracts";
import type { CutoutMeta, VideoAspect, VideoMove } from "@studio/engine";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { GenerationsConfig } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import type { GenerationStatus } from "../generations/generations.types.ts";
import type { JobContext } from "../jobs/job-definitions.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import { findUploadById } from "../uploads/uploads.repository.ts";
import { CutoutFailedError, type UploadsService } from "../uploads/uploads.service.ts";
import { VideoRenderError, type VideoRenderer } from "./video-renderer.ts";
import { VIDEO_ACTIVE, type VideoRow, videos } from "./videos.tables.ts";

/** engine codes where a retry cannot help */
const PERMANENT = new Set(["INVALID_ARGUMENT", "NO_SUBJECT", "FFMPEG_MISSING", "TOO_SMALL"]);

export interface VideoJobs {
  run(data: { videoId: string }, ctx: JobContext): Promise<void>;
  deadLetter(data: { videoId: string }): Promise<void>;
  finalizeFailed(
    id: string,
    error: string,
    onlyFrom?: readonly GenerationStatus[],
  ): Promise<boolean>;
}

export function createVideoJobs(deps: {
  db: Db;
  coins: CoinsService;
  uploads: UploadsService;
  storage: ObjectStorage;
  config: GenerationsConfig;
  renderer: VideoRenderer;
  ffmpegPath: string;
  /** in the final transition's transaction (webhook events); the answer runs after the commit */
  onFinished?: (tx: Db, video: VideoRow) => Promise<() => Promise<void>>;
}): VideoJobs {
  const { db, coins, uploads, storage, renderer } = deps;
  const active = inArray(videos.status, [...VIDEO_ACTIVE]);

  async function setFields(id: string, fields: Partial<typeof videos.$inferInsert>) {
    await db
      .update(videos)
      .set(fields)
      .where(and(eq(videos.id, id), active));
  }

  async function finalizeFailed(
    id: string,
    error: string,
    onlyFrom: readonly GenerationStatus[] = VIDEO_ACTIVE,
  ) {
    const after = await db.transaction(async (tx) => {
      const [v] = await tx
        .update(videos)
        .set({ status: "failed", error, finishedAt: sql`now()` })
        .where(and(eq(videos.id, id), inArray(videos.status, [...onlyFrom])))
        .returning();
      if (!v) return null;
      if (v.reserved > 0) {
        await coins.refund(
          {
            accountId: v.accountId,
            spendKey: `video:${id}:reserve`,
            key: `video:${id}:refund`,
            amount: v.reserved,
            reason: `video ${id} not delivered`,
          },
          tx,
        );
      }
      return (await deps.onFinished?.(tx, v)) ?? (async () => {});
    });
    if (!after) return false;
    await after();
    return true;
  }

  /** each upload's stored cut-out as a file for the render process (computed if missing) */
  async function cutoutFiles(uploadIds: string[], dir: string) {
    const views = [];
    for (const [i, uploadId] of uploadIds.entries()) {
      await uploads.ensureCutout(uploadId);
      const row = await findUploadById(db, uploadId);
      const png = row?.cutoutKey ? await storage.get(row.cutoutKey) : null;
      if (!row || !png || !row.cutoutMeta) {
        throw new CutoutFailedError("The product photo's cut-out is missing.");
      }
      const file = path.join(dir, `view-${i}.png`);
      await writeFile(file, png);
      views.push({ png: file, meta: row.cutoutMeta as CutoutMeta });
    }
    return views;
  }

  return {
    finalizeFailed,
    async run({ videoId: id }, ctx) {
      const [v] = await db
        .update(videos)
        .set({
          status: "accepted",
          startedAt: sql`now()`,
          attempts: sql`${videos.attempts} + 1`,
          workerId: ctx.workerId,
          framesDone: 0,
        })
        .where(and(eq(videos.id, id), active))
        .returning();
      if (!v) return; // done, failed or deleted meanwhile
      const dir = await mkdtemp(path.join(tmpdir(), "studio-video-"));
      try {
        await setFields(id, { status: "processing" });
        const views = await cutoutFiles(v.uploadIds, dir);
        await setFields(id, { status: "generating" });
        const out = path.join(dir, "video.mp4");
        const poster = path.join(dir, "poster.jpg");
        let writing = Promise.resolve();
        const result = await renderer(
          {
            views,
            poster,
            request: {
              out,
              prompt: v.prompt || undefined,
              move: v.move as VideoMove,
              seconds: v.seconds as 5 | 10,
              fps: v.fps as 24 | 30,
              aspect: v.aspect as VideoAspect,
              width: v.width,
              height: v.height,
              seed: v.seed,
              ffmpegPath: deps.ffmpegPath,
            },
          },
          (done) => {
            // one write at a time, in order; progress is best effort
            writing = writing.then(() => setFields(id, { framesDone: done })).catch(() => {});
          },
        );
        await writing;
        const videoKey = `video/${id}/video.mp4`;
        const posterKey = `video/${id}/poster.jpg`;
        await storage.put(videoKey, await readFile(out), "video/mp4");
        await storage.put(posterKey, await readFile(poster), "image/jpeg");
        const videoBytes = (await stat(out)).size;
        const after = await db.transaction(async (tx) => {
          const [done] = await tx
            .update(videos)
            .set({
              status: "done",
              videoKey,
              posterKey,
              videoBytes,
              framesDone: result.frames,
              template: result.templateId,
              finishedAt: sql`now()`,
            })
            .where(and(eq(videos.id, id), active))
            .returning();
          return done ? await deps.onFinished?.(tx, done) : undefined;
        });
        await after?.();
      } catch (err) {
        const permanent =
          err instanceof CutoutFailedError ||
          (err instanceof VideoRenderError && PERMANENT.has(err.code ?? ""));
        if (permanent) {
          await finalizeFailed(id, `${(err as Error).message} Your coins were refunded.`);
          return;
        }
        if (ctx.retryCount >= ctx.retryLimit) {
          await finalizeFailed(id, VideoMessages.failedRefunded);
          return;
        }
        throw err; // the queue retries it
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async deadLetter({ videoId }) {
      await finalizeFailed(videoId, VideoMessages.failedRefunded);
    },
  };
}
