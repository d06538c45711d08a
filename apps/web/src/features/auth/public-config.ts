// The server's public run-time settings (GET /api/public-config), fetched once, when the login
// modal first shows Google sign-in (never on the home page's first load: bundle and request
// budget). A failed fetch is not cached, so the next opening tries again.

import { request } from "../../api/request.ts";

export type SentryPublicConfig = { dsn: string; tunnel: string; environment: string };
export type PublicConfig = { googleClientId: string | null; sentry: SentryPublicConfig | null };

function sentryFrom(raw: unknown): SentryPublicConfig | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { dsn, tunnel, environment } = raw as Record<string, unknown>;
  if (typeof dsn !== "string" || typeof tunnel !== "string" || !tunnel.startsWith("/monitoring"))
    return null;
  return { dsn, tunnel, environment: typeof environment === "string" ? environment : "" };
}

let pending: Promise<PublicConfig> | null = null;

async function fetchPublicConfig(): Promise<PublicConfig> {
  const body = await request<{ googleClientId?: unknown; sentry?: unknown } | null>(
    "GET",
    "/api/public-config",
    { token: null },
  );
  const id = body?.googleClientId;
  return {
    googleClientId: typeof id === "string" && id.trim() ? id : null,
    sentry: sentryFrom(body?.sentry),
  };
}

export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= fetchPublicConfig().catch((err: unknown) => {
    pending = null;
    throw err;
  });
  return pending;
}

/** Tests: forget the cached answer. */
export function resetPublicConfig(): void {
  pending = null;
}

/** The build's client id (VITE_GOOGLE_CLIENT_ID): used when the server does not say. */
export function buildGoogleClientId(): string {
  return import.meta.env.VITE_GOOGLE_CLIENT_ID ?? "";
}
