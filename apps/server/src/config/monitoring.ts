// Error reporting, the /monitoring tunnel and /metrics (docs/decisions/0901).
import { parseSentryDsn, type SentryDsn } from "../modules/monitoring/sentry-dsn.ts";
import { ConfigError, type Env, int, str } from "./env-readers.ts";

export interface MonitoringConfig {
  /** SENTRY_DSN: the server SDK reports here; unset = no error reporting at all */
  sentryDsn: SentryDsn | undefined;
  /** SENTRY_WEB_DSN: the browser SDK's DSN (default SENTRY_DSN); the tunnel forwards only here */
  sentryWebDsn: SentryDsn | undefined;
  /** SENTRY_ENVIRONMENT: tag on every event (default NODE_ENV) */
  sentryEnvironment: string;
  /** MONITORING_TUNNEL_MAX_BYTES: largest envelope the tunnel accepts (default 1 MiB) */
  tunnelMaxBytes: number;
  /** METRICS_TOKEN: bearer token for GET /metrics (at least 16 characters); unset = 404 */
  metricsToken: string | undefined;
}

export function monitoringConfig(env: Env): MonitoringConfig {
  const dsn = (name: string): SentryDsn | undefined => {
    const raw = str(env, name);
    if (raw === undefined) return undefined;
    const parsed = parseSentryDsn(raw);
    if (!parsed) throw new ConfigError(name, "must look like https://<key>@<host>/<projectId>");
    return parsed;
  };
  const sentryDsn = dsn("SENTRY_DSN");
  return {
    sentryDsn,
    sentryWebDsn: dsn("SENTRY_WEB_DSN") ?? sentryDsn,
    sentryEnvironment: str(env, "SENTRY_ENVIRONMENT") ?? str(env, "NODE_ENV") ?? "development",
    tunnelMaxBytes: int(env, "MONITORING_TUNNEL_MAX_BYTES", 1024 * 1024, 1024, 20 * 1024 * 1024),
    metricsToken: metricsToken(env),
  };
}

function metricsToken(env: Env): string | undefined {
  const raw = str(env, "METRICS_TOKEN");
  if (raw !== undefined && raw.length < 16) {
    throw new ConfigError("METRICS_TOKEN", "must be at least 16 characters");
  }
  return raw;
}
