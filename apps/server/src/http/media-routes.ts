// A GET that sends one of the user's files (an image, a cut-out, a mask, a video, a ZIP), written
// once for every module: who may read it (the bearer token, or the media token its URL carries,
// scoped to that one resource, for <img>, <video> and download links that send no header), the
// headers a file goes out with, a 202 while it is being made, and byte ranges for videos.
import type { Static, TSchema } from "@sinclair/typebox";
import { CutoutPending } from "@studio/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import { errorResponses } from "./error-responses.ts";
import { BinaryBody, contentDisposition, mediaUserId } from "./media-auth.ts";

/** A file as the route sends it. */
export interface MediaFile {
  bytes: Buffer;
  type: string;
  /** cache-control */
  cache?: string;
  /** content-disposition's filename: inline, attachment with ?download=1 */
  filename?: string;
  /** content-disposition: attachment whatever ?download says */
  attachment?: boolean;
  /** further headers, e.g. x-cutout-version */
  headers?: Record<string, string>;
}

export interface MediaRoute<Params extends TSchema, Query extends TSchema> {
  path: string;
  summary?: string;
  /** with the resource's `id` */
  params: Params;
  /** with the media `token` and `download` ("1" to save the file) */
  querystring: Query;
  /** the media token's scope for an id, e.g. "gen" for `gen:${id}` */
  scope: string;
  /** the file may not exist yet: serve answers "pending", sent as 202 { status: "pending" } */
  pending?: true;
  /** answers a Range: bytes=… request with 206 (browsers seek a video that way) */
  ranges?: true;
}

interface MediaRequest<Params extends TSchema, Query extends TSchema> {
  params: Static<Params>;
  query: Static<Query>;
}

export function registerMediaRoute<Params extends TSchema, Query extends TSchema>(
  app: FastifyInstance,
  tokens: { verify(token: string, scope: string): Promise<string | null> },
  spec: MediaRoute<Params, Query>,
  serve: (userId: string, request: MediaRequest<Params, Query>) => Promise<MediaFile | "pending">,
) {
  app.get(
    spec.path,
    {
      schema: {
        ...(spec.summary ? { summary: spec.summary } : {}),
        params: spec.params,
        querystring: spec.querystring,
        response: {
          200: BinaryBody,
          ...(spec.pending ? { 202: CutoutPending } : {}),
          ...(spec.ranges ? { 206: BinaryBody } : {}),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { params, query } = request as unknown as MediaRequest<Params, Query> & {
        params: { id: string };
        query: { token?: string; download?: string };
      };
      const userId = await mediaUserId(request, tokens, `${spec.scope}:${params.id}`, query.token);
      const file = await serve(userId, { params, query });
      if (file === "pending") return reply.status(202).send({ status: "pending" as const });
      reply.header("content-type", file.type);
      if (spec.ranges) reply.header("accept-ranges", "bytes");
      if (file.cache) reply.header("cache-control", file.cache);
      if (file.filename) {
        const download = file.attachment === true || query.download === "1";
        reply.header("content-disposition", contentDisposition(download, file.filename));
      }
      for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
      if (spec.ranges) return sendRange(reply, file.bytes, request.headers.range);
      return reply.send(file.bytes);
    },
  );
}

/** The bytes a `Range: bytes=a-b` asks for (206), all of them without one, 416 past the end. */
function sendRange(reply: FastifyReply, bytes: Buffer, header: string | undefined) {
  const range = /^bytes=(\d*)-(\d*)$/.exec(header ?? "");
  if (!range || (range[1] === "" && range[2] === "")) return reply.send(bytes);
  const size = bytes.length;
  let start: number;
  let end: number;
  if (range[1] === "") {
    start = Math.max(0, size - Number(range[2]));
    end = size - 1;
  } else {
    start = Number(range[1]);
    end = range[2] === "" ? size - 1 : Math.min(size - 1, Number(range[2]));
  }
  if (start >= size || start > end) {
    return reply.status(416).header("content-range", `bytes */${size}`).send();
  }
  return reply
    .status(206)
    .header("content-range", `bytes ${start}-${end}/${size}`)
    .send(bytes.subarray(start, end + 1));
}
