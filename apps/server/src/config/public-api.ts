// Public API: keys, /v1, webhooks, batches (docs/decisions/1000-1009).
import { ConfigError, type Env, int, type RateLimit, rateLimit, str } from "./env-readers.ts";

export interface PublicApiConfig {
  /** RATE_LIMIT_API_KEY: requests per API key (default 120 a minute), RateLimit-* headers */
  keyRateLimit: RateLimit;
  /** RATE_LIMIT_API_BAD_KEY: requests per IP with a missing, wrong or revoked key */
  badKeyRateLimit: RateLimit;
  /** WEBHOOK_RETRY_SECONDS: waits between delivery attempts (default ≈ 24 h in all) */
  webhookRetrySeconds: number[];
  /** WEBHOOK_TIMEOUT_MS: how long a receiver may take to answer one delivery */
  webhookTimeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: endpoints on loopback or private networks (default: not in production) */
  webhookAllowPrivate: boolean;
  /** BATCH_MAX_ITEMS: photos per batch (default 1000) */
  batchMaxItems: number;
  /** BATCH_MAX_MB: largest batch upload (ZIP and CSV together; default 500 MB) */
  batchMaxBytes: number;
  /** BATCH_FAIR_SHARE: while both wait, web jobs run per batch job (default 3: batches get 1/4) */
  batchFairShare: number;
}

export function publicApiConfig(env: Env, production: boolean): PublicApiConfig {
  const retryRaw =
    str(env, "WEBHOOK_RETRY_SECONDS") ?? "30,120,600,1800,3600,7200,14400,28800,28800";
  const webhookRetrySeconds = retryRaw.split(",").map((part) => {
    const t = part.trim();
    if (!/^\d+(\.\d+)?$/.test(t) || Number(t) > 7 * 86_400) {
      throw new ConfigError(
        "WEBHOOK_RETRY_SECONDS",
        `must be a list of seconds, got "${retryRaw}"`,
      );
    }
    return Number(t);
  });
  if (webhookRetrySeconds.length > 20) {
    throw new ConfigError("WEBHOOK_RETRY_SECONDS", "allows at most 20 retries");
  }
  const allowPrivate = str(env, "WEBHOOK_ALLOW_PRIVATE") ?? (production ? "false" : "true");
  if (!["true", "false"].includes(allowPrivate)) {
    throw new ConfigError("WEBHOOK_ALLOW_PRIVATE", `must be true or false, got "${allowPrivate}"`);
  }
  return {
    keyRateLimit: rateLimit(env, "RATE_LIMIT_API_KEY", { max: 120, windowMs: 60_000 }),
    badKeyRateLimit: rateLimit(env, "RATE_LIMIT_API_BAD_KEY", { max: 30, windowMs: 60_000 }),
    webhookRetrySeconds,
    webhookTimeoutMs: int(env, "WEBHOOK_TIMEOUT_MS", 10_000, 100, 60_000),
    webhookAllowPrivate: allowPrivate === "true",
    batchMaxItems: int(env, "BATCH_MAX_ITEMS", 1000, 1, 10_000),
    batchMaxBytes: int(env, "BATCH_MAX_MB", 500, 1, 4096) * 1024 * 1024,
    batchFairShare: int(env, "BATCH_FAIR_SHARE", 3, 1, 100),
  };
}
