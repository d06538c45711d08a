// Analytics events (names: contracts' AnalyticsEvents): key, value object, session id from local storage.
// Fire and forget: a failed call is only logged, never shown to the user.
import type { AnalyticsEvents } from "@studio/contracts";
import { api } from "../api/api-client.ts";

/** Only the event names the contracts list (type-only import: no schema code in the bundle). */
export type AnalyticsEventName = (typeof AnalyticsEvents)[keyof typeof AnalyticsEvents];

export function track(key: AnalyticsEventName, value: Record<string, unknown> = {}): void {
  const sessionId = localStorage.getItem("sessionId") ?? "";
  api.analytics(key, value, sessionId).catch((err: unknown) => {
    console.debug("analytics event not recorded", key, err);
  });
}
