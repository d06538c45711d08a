// Session tokens: HS256 JWTs (jose) carrying the user id, a session id and an expiry. They
// are stateless so any API process can check them with the shared secret.
import { createSecretKey, randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import type { Clock } from "../clock.ts";

export interface AuthUser {
  userId: string;
  sessionId: string;
  username: string;
  userEmail: string;
}

export interface TokenService {
  issue(
    user: Omit<AuthUser, "sessionId">,
    sessionId?: string,
  ): Promise<{ token: string; sessionId: string }>;
  /** Throws `TokenError` with a user-facing reason. */
  verify(token: string): Promise<AuthUser>;
}

export class TokenError extends Error {}

const ISSUER = "photoshoot-studio";
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(
  secretBytes: Uint8Array,
  ttlSeconds: number,
  clock: Clock,
): TokenService {
  // A KeyObject made once: jose would otherwise import the raw secret on every sign/verify.
  const secret = createSecretKey(secretBytes);
  // Tokens already verified, with their expiry: a client sends the same token on every call,
  // and the HMAC check (an async WebCrypto job) was the largest cost of an authenticated read.
  // Bounded; the expiry is still checked against the clock on every hit.
  const verified = new Map<string, { user: AuthUser; exp: number }>();
  return {
    async issue(user, sessionId = randomUUID()) {
      const now = Math.floor(clock() / 1000);
      const token = await new SignJWT({
        sid: sessionId,
        name: user.username,
        email: user.userEmail,
      })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(user.userId)
        .setIssuer(ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(secret);
      return { token, sessionId };
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit && clock() < hit.exp * 1000) return hit.user;
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ["HS256"],
          issuer: ISSUER,
          currentDate: new Date(clock()),
        });
        const { sub, sid, name, email } = payload;
        if (typeof sub !== "string" || typeof sid !== "string")
          throw new TokenError("Invalid token");
        const user: AuthUser = {
          userId: sub,
          sessionId: sid,
          username: typeof name === "string" ? name : "",
          userEmail: typeof email === "string" ? email : "",
        };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
        verified.set(token, { user, exp: payload.exp ?? 0 });
        return user;
      } catch (err) {
        if (err instanceof TokenError) throw err;
        if (err instanceof errors.JWTExpired)
          throw new TokenError("Token expired, please log in again");
        throw new TokenError("Invalid token");
      }
    },
  };
}
