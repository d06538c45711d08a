// Submit, read, list and delete product videos. A submit writes the video, spends its coins
// (`video:<id>:reserve`) and queues its job in ONE transaction, as generations do: no job exists
// without its coins or the other way round.
import { randomUUID } from "node:crypto";
import {
  ErrorCodes,
  GenerationMessages,
  Messages,
  type VideoAspect,
  VideoMessages,
  type VideoRequest,
  videoCost,
} from "@studio/contracts";
import { and, desc, eq } from "drizzle-orm";
import { badRequest, conflict, HttpError, notFound } from "../../http/http-error.ts";
import { findById } from "../accounts/accounts.repository.ts";
import { isPromptBlocked } from "../generations/blocked-words.ts";
import { seedOf } from "../generations/generation-output.ts";
import { accountTier, maintenanceState } from "../generations/generation-rules.ts";
import type { JobResourceDeps } from "../generations/job-resource.types.ts";
import type { VideoJobs } from "./video-job.ts";
import { videoQueueInfo } from "./video-queue.ts";
import { frameSize } from "./video-rules.ts";
import { presentVideo } from "./videos.presenter.ts";
import { type VideoRow, videos } from "./videos.tables.ts";

/** newest first; a seller's video shelf, not an archive */
const LIST_LIMIT = 60;

export function createVideosService(
  deps: JobResourceDeps & {
    jobs: VideoJobs;
  },
) {
  const { db, config, clock, coins, queue, uploads, storage, tokens } = deps;

  async function owned(userId: string, id: string): Promise<VideoRow> {
    const [v] = await db
      .select()
      .from(videos)
      .where(and(eq(videos.id, id), eq(videos.accountId, userId)));
    if (!v) throw notFound(VideoMessages.videoNotFound);
    return v;
  }

  const present = async (v: VideoRow) =>
    presentVideo(tokens, v, await videoQueueInfo(db, config, v, clock()));

  return {
    /** `requestId`: the HTTP request's id, carried in the job for its log lines */
    async submit(userId: string, body: VideoRequest, requestId?: string) {
      // the maintenance window refuses new videos as it refuses new generations
      const maintenance = maintenanceState(config, clock());
      if (maintenance.active) {
        throw new HttpError(
          503,
          GenerationMessages.maintenanceNow,
          maintenance.notice ?? undefined,
        );
      }
      const prompt = (body.prompt ?? "").trim();
      if (prompt && isPromptBlocked(prompt)) {
        throw badRequest(GenerationMessages.blockedPrompt, undefined, ErrorCodes.promptBlocked);
      }
      const move = body.move ?? (body.uploadIds.length > 1 ? "turntable" : "orbit");
      if (move === "turntable" && body.uploadIds.length < 2) {
        throw badRequest(VideoMessages.turntableNeedsViews);
      }
      const account = await findById(db, userId);
      if (!account) throw new HttpError(401, Messages.pleaseLogin, Messages.signupToUnlock);
      // a turntable uses every view; the other moves film the first photo
      const used = move === "turntable" ? body.uploadIds : body.uploadIds.slice(0, 1);
      for (const uploadId of used) {
        const upload = await uploads.get(userId, uploadId);
        if (upload.purpose !== "product") throw badRequest(GenerationMessages.notAProductPhoto);
        if (upload.cutoutStatus === "failed") {
          throw new HttpError(422, upload.cutoutError ?? "The product could not be cut out.");
        }
      }
      const seconds = body.seconds ?? 5;
      const fps = body.fps ?? 30;
      const aspect: VideoAspect = body.aspect ?? "1:1";
      const { width, height } = frameSize(aspect);
      const cost = videoCost(accountTier(account, clock()), seconds);
      const id = randomUUID();
      await queue.start();
      await db.transaction(async (tx) => {
        await tx.insert(videos).values({
          id,
          accountId: userId,
          uploadIds: used,
          prompt,
          move,
          seconds,
          fps,
          aspect,
          width,
          height,
          seed: seedOf(id),
          reserved: cost,
          status: "waitlisted",
          framesDone: 0,
          framesTotal: seconds * fps,
          attempts: 0,
        });
        if (cost > 0) {
          await coins.spend(
            { accountId: userId, amount: cost, key: `video:${id}:reserve`, reason: `video ${id}` },
            tx,
          );
        }
        await queue.send("video.run", { videoId: id, requestId }, { id }, tx);
      });
      deps.wake?.();
      return present(await owned(userId, id));
    },

    async status(userId: string, id: string) {
      const v = await owned(userId, id);
      return {
        status: v.status,
        ...(await videoQueueInfo(db, config, v, clock())),
        framesDone: v.framesDone,
        framesTotal: v.framesTotal,
      };
    },

    async get(userId: string, id: string) {
      return present(await owned(userId, id));
    },

    async list(userId: string) {
      const rows = await db
        .select()
        .from(videos)
        .where(eq(videos.accountId, userId))
        .orderBy(desc(videos.createdAt), desc(videos.id))
        .limit(LIST_LIMIT);
      const items = [];
      for (const v of rows) items.push(await present(v));
      return { items };
    },

    /** waitlisted ones are cancelled and refunded; running ones answer 409 */
    async remove(userId: string, id: string) {
      let v = await owned(userId, id);
      let refunded = 0;
      if (v.status === "waitlisted") {
        if (await deps.jobs.finalizeFailed(id, "Deleted before it started.", ["waitlisted"])) {
          refunded = v.reserved;
        }
        v = await owned(userId, id);
      }
      if (v.status !== "done" && v.status !== "failed") throw conflict(VideoMessages.stillRunning);
      await db.delete(videos).where(eq(videos.id, id));
      for (const key of [v.videoKey, v.posterKey]) {
        if (key) await storage.delete(key).catch(() => {});
      }
      return { success: true, refunded };
    },

    async media(userId: string, id: string, which: "video" | "poster") {
      const v = await owned(userId, id);
      const key = which === "video" ? v.videoKey : v.posterKey;
      const bytes = key ? await storage.get(key) : null;
      if (!bytes) throw notFound(VideoMessages.videoNotFound);
      return bytes;
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;
