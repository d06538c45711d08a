// Per-IP limits on the routes that invite abuse (login, signup, giveaway, email, analytics).
// Counters live in process memory: enough for one API process; behind a load balancer each
// process enforces its own share. Limits come from config so tests can exercise them.
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { RateLimit } from "../config.ts";

export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
}

/** Route `config` entry: `{ config: limitTo(config.rateLimits.login) }`. */
export function limitTo(limit: RateLimit) {
  return { rateLimit: { max: limit.max, timeWindow: limit.windowMs } };
}
