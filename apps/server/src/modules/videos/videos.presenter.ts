// Video rows as the API shows them: owner-only media URLs carrying a media token.
import type { Video } from "@studio/contracts";
import type { MediaTokens } from "../storage/media-token.ts";
import type { VideoQueueInfo } from "./video-queue.ts";
import type { VideoRow } from "./videos.tables.ts";

export async function presentVideo(
  tokens: MediaTokens,
  v: VideoRow,
  queue: VideoQueueInfo,
): Promise<Video> {
  const token = await tokens.sign(v.accountId, `video:${v.id}`);
  const base = `/api/videos/${v.id}`;
  const ready = v.status === "done" && v.videoKey !== null;
  return {
    id: v.id,
    status: v.status,
    ...queue,
    framesDone: v.framesDone,
    framesTotal: v.framesTotal,
    uploadIds: v.uploadIds,
    prompt: v.prompt,
    move: v.move,
    seconds: v.seconds,
    fps: v.fps,
    aspect: v.aspect,
    width: v.width,
    height: v.height,
    cost: v.reserved,
    refunded: v.status === "failed" ? v.reserved : 0,
    ...(v.error ? { error: v.error } : {}),
    videoUrl: ready ? `${base}/video.mp4?token=${token}` : null,
    downloadUrl: ready ? `${base}/video.mp4?token=${token}&download=1` : null,
    posterUrl: ready && v.posterKey ? `${base}/poster.jpg?token=${token}` : null,
    bytes: v.videoBytes,
    createdAt: v.createdAt.toISOString(),
    finishedAt: v.finishedAt ? v.finishedAt.toISOString() : null,
  };
}
