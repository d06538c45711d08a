// Verifies a Google Identity Services ID token: RS256 signature against the key source
// (Google's JWKS in production, the tests' own keys in tests), audience = GOOGLE_CLIENT_ID,
// issuer accounts.google.com, expiry, and a verified email.
import { errors, type JWTVerifyGetKey, jwtVerify } from "jose";
import type { Clock } from "../../clock.ts";
import { HttpError, unauthorized } from "../../http/http-error.ts";

export const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

export type GoogleVerifier = (credential: string) => Promise<GoogleIdentity>;

export const GoogleErrors = {
  notConfigured: "Google sign-in is not configured on this server.",
  invalid: "Invalid Google credential. Please try again.",
  expired: "Your Google sign-in has expired. Please try again.",
  unverifiedEmail: "Your Google email address is not verified.",
} as const;

export function createGoogleVerifier(
  clientId: string | undefined,
  keys: JWTVerifyGetKey,
  clock: Clock,
): GoogleVerifier {
  return async (credential) => {
    if (!clientId) throw new HttpError(503, GoogleErrors.notConfigured);
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(credential, keys, {
        algorithms: ["RS256"],
        audience: clientId,
        issuer: GOOGLE_ISSUERS,
        currentDate: new Date(clock()),
        requiredClaims: ["sub", "exp", "iat"],
      }));
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw unauthorized(GoogleErrors.expired);
      throw new HttpError(401, GoogleErrors.invalid, (err as Error).message);
    }
    const { sub, email, name } = payload;
    const verified = payload.email_verified === true || payload.email_verified === "true";
    if (typeof sub !== "string" || typeof email !== "string")
      throw unauthorized(GoogleErrors.invalid);
    if (!verified) throw unauthorized(GoogleErrors.unverifiedEmail);
    return { sub, email: email.toLowerCase(), name: typeof name === "string" ? name : "" };
  };
}
