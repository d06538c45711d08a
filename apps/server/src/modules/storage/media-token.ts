// Short-lived tokens for URLs the browser fetches without an Authorization header (<img src>,
// EventSource, a download link). One token names one user and one resource
// (`gen:<id>` or `upload:<id>`); the route still checks that the user owns the resource. The
// key is derived from JWT_SECRET for this purpose only, so a media token is never a session
// token and a session token is never a media token.
import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { Clock } from "../../clock.ts";

export interface MediaTokens {
  sign(userId: string, scope: string): Promise<string>;
  /** the user id, or null when the token is invalid, expired or for another resource */
  verify(token: string, scope: string): Promise<string | null>;
}

export function createMediaTokens(
  secret: Uint8Array,
  ttlSeconds: number,
  clock: Clock,
): MediaTokens {
  const key = createHmac("sha256", secret).update("media-token-v1").digest();
  // Tokens minted within the same window are identical, so URLs stay cacheable for a while.
  const window = Math.max(1, Math.floor(ttlSeconds / 4));
  return {
    async sign(userId, scope) {
      const now = Math.floor(clock() / 1000);
      const iat = now - (now % window);
      return new SignJWT({ scope })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(userId)
        .setAudience("media")
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verify(token, scope) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          audience: "media",
          currentDate: new Date(clock()),
        });
        return payload.scope === scope && typeof payload.sub === "string" ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
