// Per-IP limits on the routes that invite abuse (login, signup, giveaway, email, analytics).
// Counters live in the database (sql-rate-limit-store.ts), so API processes scaled out on one
// PostgreSQL share one limit. Limits come from config so tests can exercise them.
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../clock.ts";
import type { RateLimit } from "../config.ts";
import type { Database } from "../db/database.ts";
import { sqlRateLimitStore } from "./sql-rate-limit-store.ts";

export async function registerRateLimit(
  app: FastifyInstance,
  database: Database,
  clock: Clock,
): Promise<void> {
  // a database hiccup lets the request through rather than failing every login
  await app.register(rateLimit, {
    global: false,
    store: sqlRateLimitStore(database, clock),
    skipOnError: true,
  });
}

/** Route `config` entry: `{ config: limitTo(config.rateLimits.login) }`. */
export function limitTo(limit: RateLimit) {
  return { rateLimit: { max: limit.max, timeWindow: limit.windowMs } };
}
