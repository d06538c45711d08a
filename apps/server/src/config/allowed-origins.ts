// ALLOWED_ORIGINS: the addresses, besides PUBLIC_URL, at which sellers open the app (an office
// server's http://192.168.1.5:8080, a second domain). Links the server hands back to a browser
// (checkout success and cancel) go to the origin the seller used when it is one of these, never
// to an address a request chose freely (decision 0909).
import { ConfigError, type Env, str } from "./env-readers.ts";

export function allowedOrigins(
  env: Env,
  publicUrl: string,
  publicUrlSet: boolean,
  port: number,
): ReadonlySet<string> {
  const origins = new Set([new URL(publicUrl).origin]);
  // with no PUBLIC_URL the app is at http://localhost:PORT; the same port on the other loopback
  // names is the same server on the same machine
  if (!publicUrlSet) {
    for (const host of ["127.0.0.1", "[::1]"]) origins.add(`http://${host}:${port}`);
  }
  for (const raw of (str(env, "ALLOWED_ORIGINS") ?? "").split(",")) {
    const value = raw.trim();
    if (!value) continue;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new ConfigError(
        "ALLOWED_ORIGINS",
        `must list origins like https://shop.example, got "${value}"`,
      );
    }
    if (
      !["http:", "https:"].includes(parsed.protocol) ||
      value.replace(/\/$/, "") !== parsed.origin
    ) {
      throw new ConfigError(
        "ALLOWED_ORIGINS",
        `must list origins (scheme, host, port; no path), got "${value}"`,
      );
    }
    origins.add(parsed.origin);
  }
  return origins;
}
