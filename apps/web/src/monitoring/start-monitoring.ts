// Error reporting starts after the page has loaded and gone idle: one small cached request
// (GET /api/public-config) and, only when the server has a Sentry DSN, the SDK in its own
// lazy chunk, so the home page's first JavaScript (decision 0302) does not grow.
import { loadPublicConfig } from "../features/auth/public-config.ts";

export function startMonitoringWhenIdle(): void {
  const start = () => {
    loadPublicConfig()
      .then(async (cfg) => {
        if (!cfg.sentry) return;
        const { initWebSentry } = await import("./sentry-web.ts");
        initWebSentry(cfg.sentry);
      })
      .catch(() => undefined); // monitoring must never break the page
  };
  const whenIdle = () =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(start, { timeout: 5000 })
      : setTimeout(start, 2000);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
