// The /v1 door: every request carries an API key (`Authorization: Bearer psk_…`), checked
// against the database on each request (a revoked key is refused at once), then its scope
// (GET needs read, everything else generate), then its rate limit. Limits are counted in the
// shared SQL store (decision 0902), per key, and answered with the IETF RateLimit headers
// (decision 1001). Requests without a valid key are limited per IP so guessing costs time.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Clock } from "../../clock.ts";
import type { PublicApiConfig, RateLimit } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { sqlRateLimitStore } from "../../http/sql-rate-limit-store.ts";
import type { ApiCaller, ApiKeysService } from "../api-keys/api-keys.service.ts";
import { ACCOUNT_BLOCKED } from "../login-protection/guarded-login.ts";
import { ApiError } from "./v1-errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** the API key's account and scopes, on /v1 routes */
    apiCaller: ApiCaller | null;
  }
}

const refusals = {
  missing: "Send your API key as 'Authorization: Bearer psk_…'.",
  malformed: "This is not an API key: create one in your account page.",
  unknown: "Unknown API key.",
  revoked: "This API key was revoked.",
};

/** The security every /v1 operation documents: the API key. */
export const v1Security = [{ apiKey: [] }];

/** the caller of a /v1 route (after the hook below) */
export function caller(request: { apiCaller: ApiCaller | null }): ApiCaller {
  if (!request.apiCaller) throw new ApiError(401, "invalid_api_key", refusals.missing);
  return request.apiCaller;
}

export function registerV1Auth(
  app: FastifyInstance,
  deps: { keys: ApiKeysService; database: Database; clock: Clock; config: PublicApiConfig },
): void {
  const { keys, config } = deps;
  const Store = sqlRateLimitStore(deps.database, deps.clock);
  const perKey = new Store(undefined, "v1:key:");
  const perIp = new Store(undefined, "v1:badkey:");
  const count = (store: InstanceType<typeof Store>, key: string, windowMs: number) =>
    new Promise<{ current: number; ttl: number } | null>((resolve) =>
      // a database hiccup lets the request through, like the other limits
      store.incr(key, (err, res) => resolve(err ? null : (res ?? null)), windowMs),
    );

  function limit(reply: FastifyReply, rule: RateLimit, used: { current: number; ttl: number }) {
    const reset = Math.max(0, Math.ceil(used.ttl / 1000));
    reply.header("RateLimit-Limit", rule.max);
    reply.header("RateLimit-Remaining", Math.max(0, rule.max - used.current));
    reply.header("RateLimit-Reset", reset);
    reply.header("RateLimit-Policy", `${rule.max};w=${Math.round(rule.windowMs / 1000)}`);
    if (used.current > rule.max) {
      reply.header("Retry-After", reset);
      throw new ApiError(429, "rate_limited", "Too many requests for this key; slow down.");
    }
  }

  app.decorateRequest("apiCaller", null);
  app.addHook("onRequest", async (request, reply) => {
    const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    const who = m?.[1] ? await keys.authenticate(m[1]) : "missing";
    if (typeof who === "string") {
      const used = await count(perIp, request.ip, config.badKeyRateLimit.windowMs);
      if (used) limit(reply, config.badKeyRateLimit, used);
      if (who === "blocked") throw new ApiError(403, "account_blocked", ACCOUNT_BLOCKED);
      throw new ApiError(401, "invalid_api_key", refusals[who]);
    }
    request.apiCaller = who;
    const needs = request.method === "GET" || request.method === "HEAD" ? "read" : "generate";
    if (!who.scopes.includes(needs)) {
      throw new ApiError(
        403,
        "insufficient_scope",
        `This API key lacks the '${needs}' scope.`,
        `scopes: ${who.scopes.join(", ")}`,
      );
    }
    const used = await count(perKey, who.keyId, config.keyRateLimit.windowMs);
    if (used) limit(reply, config.keyRateLimit, used);
  });
}
