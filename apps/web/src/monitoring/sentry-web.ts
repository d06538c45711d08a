// @sentry/react with the product's settings (decision 0906): every trace sampled except the position
// polling, replay on every session with an error and 10% of the others (text masked, media
// blocked), transactions named /404 dropped. Envelopes go through the same-origin tunnel.
import * as Sentry from "@sentry/react";
import type { SentryPublicConfig } from "../features/auth/public-config.ts";

export function initWebSentry(cfg: SentryPublicConfig): void {
  Sentry.init({
    dsn: cfg.dsn,
    tunnel: cfg.tunnel,
    environment: cfg.environment || undefined,
    integrations: [
      Sentry.browserTracingIntegration({
        shouldCreateSpanForRequest: (url) => !url.includes("/api/check-position"),
      }),
      Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true }),
    ],
    tracesSampler: ({ name }) => (name.includes("/api/check-position") ? 0 : 1),
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
    // Sentry 11 streams spans by default and then ignores beforeSendTransaction (decision 0906)
    traceLifecycle: "static",
    beforeSendTransaction: (event) => (event.transaction === "/404" ? null : event),
  });
}
