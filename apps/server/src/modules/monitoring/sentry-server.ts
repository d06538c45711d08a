// @sentry/node with the spec's settings (section 9), only when SENTRY_DSN is set: every trace
// sampled except the position polling (GET /api/check-position), transactions named /404
// dropped, and profiling at rate 1: every sampled trace is profiled (@sentry/profiling-node,
// whose native addon ships prebuilt in the npm package; decision 0906).
import type { MonitoringConfig } from "../../config.ts";

export const UNSAMPLED_TRANSACTION = "GET /api/check-position";
export const DROPPED_TRANSACTION = "/404";

/** The spec's profiling rate: every session profiled, profiles attached to sampled traces. */
export const PROFILE_SESSION_SAMPLE_RATE = 1;

/** The sampler the spec asks for: 1 for everything but the position polling. */
export function tracesSampler(ctx: { name?: string; attributes?: Record<string, unknown> }) {
  const name = ctx.name ?? "";
  const target = String(ctx.attributes?.["http.target"] ?? ctx.attributes?.["url.path"] ?? "");
  const method = String(
    ctx.attributes?.["http.method"] ?? ctx.attributes?.["http.request.method"] ?? "",
  );
  if (name.startsWith(UNSAMPLED_TRANSACTION)) return 0;
  if (method === "GET" && target.split("?")[0] === "/api/check-position") return 0;
  return 1;
}

export function dropNotFoundTransaction<E extends { transaction?: string }>(event: E): E | null {
  return event.transaction === DROPPED_TRANSACTION ? null : event;
}

/** Initialises the server SDK; returns false (and loads nothing) without a DSN. */
export async function initServerSentry(monitoring: MonitoringConfig): Promise<boolean> {
  if (!monitoring.sentryDsn) return false;
  const Sentry = await import("@sentry/node");
  const { nodeProfilingIntegration } = await import("@sentry/profiling-node");
  Sentry.init({
    dsn: monitoring.sentryDsn.dsn,
    environment: monitoring.sentryEnvironment,
    integrations: [nodeProfilingIntegration()],
    tracesSampler: (ctx) => tracesSampler(ctx),
    profileSessionSampleRate: PROFILE_SESSION_SAMPLE_RATE,
    profileLifecycle: "trace",
    // Sentry 11 streams spans by default and then ignores beforeSendTransaction; the spec
    // speaks of transactions (and drops the one named /404), so we keep them (decision 0906)
    traceLifecycle: "static",
    beforeSendTransaction: (event) => dropNotFoundTransaction(event),
  });
  return true;
}
