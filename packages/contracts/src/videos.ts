// Request and response shapes of the videos API (decision 0800). Video and poster URLs carry a
// short-lived `?token=` (scope `video:<id>`) so <video src> and downloads work without an
// Authorization header, as the generations' images do. Decision 0800.
import { type Static, Type as T } from "@sinclair/typebox";
import { GenerationStatus } from "./generations.ts";

const Id = T.String({ format: "uuid", description: "a UUID" });

export const VideoMoves = [
  "orbit",
  "push-in",
  "pull-back",
  "pan",
  "light-sweep",
  "turntable",
] as const;
export type VideoMove = (typeof VideoMoves)[number];
export const VideoAspects = ["1:1", "9:16", "16:9"] as const;
export type VideoAspect = (typeof VideoAspects)[number];

export const VideoMessages = {
  videoNotFound: "Video not found",
  needsPhoto: "Choose a product photo for the video.",
  turntableNeedsViews: "A turntable needs two or more photos of the same product.",
  stillRunning: "This video is still being made; delete it once it is done.",
  failedRefunded: "The video could not be made; your coins were refunded.",
} as const;

export const VideoRequest = T.Object(
  {
    uploadIds: T.Array(Id, {
      minItems: 1,
      maxItems: 8,
      uniqueItems: true,
      description: "product photo upload ids; two or more for a turntable",
    }),
    prompt: T.Optional(T.String({ maxLength: 1000 })),
    move: T.Optional(
      T.Union(
        VideoMoves.map((m) => T.Literal(m)),
        { description: "camera move (default orbit)" },
      ),
    ),
    seconds: T.Optional(T.Union([T.Literal(5), T.Literal(10)])),
    fps: T.Optional(T.Union([T.Literal(24), T.Literal(30)])),
    aspect: T.Optional(T.Union(VideoAspects.map((a) => T.Literal(a)))),
  },
  { additionalProperties: false },
);
export type VideoRequest = Static<typeof VideoRequest>;

const QueueFields = {
  status: GenerationStatus,
  position: T.Optional(T.Integer({ minimum: 1, description: "place in the waitlist" })),
  etaSeconds: T.Optional(T.Integer({ minimum: 0, description: "estimated seconds until done" })),
  framesDone: T.Integer({ minimum: 0 }),
  framesTotal: T.Integer({ minimum: 1 }),
};

export const VideoStatusResponse = T.Object(QueueFields);
export type VideoStatusResponse = Static<typeof VideoStatusResponse>;

export const Video = T.Object({
  id: Id,
  ...QueueFields,
  uploadIds: T.Array(Id),
  prompt: T.String(),
  move: T.String(),
  seconds: T.Integer(),
  fps: T.Integer(),
  aspect: T.String(),
  width: T.Integer(),
  height: T.Integer(),
  cost: T.Integer({ minimum: 0 }),
  refunded: T.Integer({ minimum: 0 }),
  error: T.Optional(T.String()),
  videoUrl: T.Union([T.String(), T.Null()]),
  downloadUrl: T.Union([T.String(), T.Null()]),
  posterUrl: T.Union([T.String(), T.Null()]),
  bytes: T.Union([T.Integer(), T.Null()]),
  createdAt: T.String({ format: "date-time" }),
  finishedAt: T.Union([T.String({ format: "date-time" }), T.Null()]),
});
export type Video = Static<typeof Video>;

export const VideoList = T.Object({ items: T.Array(Video) });
export type VideoList = Static<typeof VideoList>;

export const VideoIdParams = T.Object({ id: Id });
export const VideoMediaQuery = T.Object({
  token: T.Optional(T.String({ maxLength: 2000 })),
  download: T.Optional(T.Literal("1")),
});
