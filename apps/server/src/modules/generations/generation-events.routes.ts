// GET /api/generations/:id/events — server-sent events. EventSource cannot send headers, so
// the stream also accepts the media token of its URL (eventsUrl in every generation answer).
//   event: status       data: {"id","status","position"?,"etaSeconds"?,"painted"?,"notice"?}  (on change)
//   event: generation   data: <the Generation, images included>  (once finished; then closes)
//   ": keep-alive" comments every 15 s. The stream polls the database every EVENTS_POLL_MS,
// so it works the same with any number of API and worker processes.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ErrorResponse, IdParams, MediaQuery } from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import type { GenerationsConfig } from "../../config.ts";
import { mediaUserId } from "../../http/media-auth.ts";
import type { MediaTokens } from "../storage/media-token.ts";
import type { GenerationsService } from "./generations.service.ts";

const KEEP_ALIVE_MS = 15_000;

export async function generationEventsRoutes(
  fastify: FastifyInstance,
  opts: { generations: GenerationsService; tokens: MediaTokens; config: GenerationsConfig },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/api/generations/:id/events",
    {
      schema: {
        summary: "Live status as server-sent events (text/event-stream)",
        params: IdParams,
        querystring: MediaQuery,
        response: { "4xx": ErrorResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const userId = await mediaUserId(request, opts.tokens, `gen:${id}`, request.query.token);
      let last = JSON.stringify(await opts.generations.status(userId, id)); // 404 before streaming
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      let open = true;
      request.raw.on("close", () => {
        open = false;
      });
      const send = (event: string, data: unknown) =>
        raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      raw.write("retry: 2000\n\n");
      send("status", { id, ...JSON.parse(last) });
      let lastWrite = Date.now();
      try {
        while (open) {
          const state = await opts.generations.status(userId, id);
          const text = JSON.stringify(state);
          if (text !== last) {
            last = text;
            send("status", { id, ...state });
            lastWrite = Date.now();
          }
          if (state.status === "done" || state.status === "failed") {
            send("generation", await opts.generations.get(userId, id));
            break;
          }
          if (Date.now() - lastWrite > KEEP_ALIVE_MS) {
            raw.write(": keep-alive\n\n");
            lastWrite = Date.now();
          }
          await new Promise((r) => setTimeout(r, opts.config.eventsPollMs));
        }
      } catch (err) {
        // deleted meanwhile, or the database went away: tell the client and close
        send("error", { error: err instanceof Error ? err.message : "stream failed" });
      } finally {
        raw.end();
      }
    },
  );
}
