// POST /monitoring?o=…&p=…&r=…: the same-origin tunnel for the browser's Sentry envelopes, so
// ad blockers and strict CSPs do not drop error reports. It is not an open proxy: an envelope
// goes upstream only when its header's DSN names the configured host and project and the
// query agrees; anything else is a 4xx and nothing is sent. Size and rate are limited, and
// the upstream call has a short timeout so a slow Sentry never holds a page's request open.
import { Type as T } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { RateLimit } from "../../config.ts";
import { limitTo } from "../../http/rate-limit.ts";
import { envelopeUrl, parseSentryDsn, type SentryDsn } from "./sentry-dsn.ts";

export interface TunnelOptions {
  /** the browser SDK's DSN; when unset the tunnel answers 404 */
  dsn: SentryDsn | undefined;
  maxBytes: number;
  rateLimit: RateLimit;
  /** upstream timeout (ms) */
  timeoutMs?: number;
}

const TunnelQuery = T.Object(
  {
    o: T.Optional(T.String({ pattern: "^[0-9]{1,20}$" })),
    p: T.String({ pattern: "^[0-9]{1,20}$" }),
    r: T.Optional(T.String({ pattern: "^[a-z0-9-]{1,20}$" })),
  },
  { additionalProperties: false },
);

export class TunnelRefusal extends Error {}

/** Checks an envelope against the configured DSN; returns nothing or throws TunnelRefusal. */
export function checkEnvelope(
  body: Buffer,
  query: { o?: string; p: string; r?: string },
  dsn: SentryDsn,
): void {
  if (query.p !== dsn.projectId) throw new TunnelRefusal("unknown project");
  if (dsn.orgId !== undefined && query.o !== dsn.orgId) throw new TunnelRefusal("unknown org");
  if (dsn.region !== query.r && (dsn.region !== undefined || query.r !== undefined)) {
    throw new TunnelRefusal("unknown region");
  }
  const newline = body.indexOf(0x0a);
  const headerText = body.subarray(0, newline === -1 ? body.length : newline).toString("utf8");
  let header: unknown;
  try {
    header = JSON.parse(headerText);
  } catch {
    throw new TunnelRefusal("the envelope header is not JSON");
  }
  if (typeof header !== "object" || header === null || Array.isArray(header)) {
    throw new TunnelRefusal("the envelope header is not an object");
  }
  const raw = (header as { dsn?: unknown }).dsn;
  if (typeof raw !== "string") throw new TunnelRefusal("the envelope header has no dsn");
  const target = parseSentryDsn(raw);
  if (!target) throw new TunnelRefusal("the envelope's dsn is not a DSN");
  if (target.origin !== dsn.origin || target.projectId !== dsn.projectId) {
    throw new TunnelRefusal("the envelope's dsn is not this project's");
  }
}

export async function monitoringTunnelRoutes(app: FastifyInstance, opts: TunnelOptions) {
  // Envelopes arrive as text/plain (fetch from the SDK) or binary (compressed replays): take
  // every content type as raw bytes, within this plugin only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: opts.maxBytes }, (_r, b, done) =>
    done(null, b),
  );
  app.post(
    "/monitoring",
    {
      bodyLimit: opts.maxBytes,
      config: limitTo(opts.rateLimit),
      schema: {
        summary: "Same-origin tunnel for the web app's Sentry envelopes",
        querystring: TunnelQuery,
        hide: true,
      },
    },
    async (request, reply) => {
      const dsn = opts.dsn;
      if (!dsn) return reply.code(404).send({ error: "monitoring is not configured" });
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        return reply.code(400).send({ error: "an envelope is required" });
      }
      try {
        checkEnvelope(body, request.query as { o?: string; p: string; r?: string }, dsn);
      } catch (err) {
        if (err instanceof TunnelRefusal) return reply.code(400).send({ error: err.message });
        throw err;
      }
      try {
        const upstream = await fetch(envelopeUrl(dsn), {
          method: "POST",
          headers: { "content-type": "application/x-sentry-envelope" },
          body: new Uint8Array(body),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 3000),
        });
        await upstream.arrayBuffer().catch(() => undefined);
        // pass Sentry's own back-off on to the SDK
        const retryAfter = upstream.headers.get("retry-after");
        const limits = upstream.headers.get("x-sentry-rate-limits");
        if (retryAfter) reply.header("retry-after", retryAfter);
        if (limits) reply.header("x-sentry-rate-limits", limits);
        return reply.code(upstream.ok ? 200 : upstream.status === 429 ? 429 : 502).send({});
      } catch (err) {
        request.log.warn({ err }, "monitoring tunnel: upstream unreachable");
        return reply.code(504).send({ error: "monitoring upstream unreachable" });
      }
    },
  );
}
