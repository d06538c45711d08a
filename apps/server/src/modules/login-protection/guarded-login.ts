// Runs a password login through the login guard: refused attempts answer 429 with
// Retry-After and never check the password; a wrong password stays counted.
import type { FastifyReply } from "fastify";
import { HttpError } from "../../http/http-error.ts";
import { LoginErrors } from "../accounts/accounts.service.ts";
import { normaliseEmail } from "../accounts/signup-rules.ts";
import type { LoginGuard } from "./login-guard.service.ts";

export const TOO_MANY_ATTEMPTS = "Too many failed attempts. Please try again later.";
export const ACCOUNT_BLOCKED = "This account is blocked. Please contact support.";

export async function guardedLogin<T>(
  guard: LoginGuard,
  userEmail: string,
  ip: string,
  reply: FastifyReply,
  login: () => Promise<T>,
): Promise<T> {
  const key = normaliseEmail(userEmail);
  const verdict = await guard.begin(key, ip);
  if (!verdict.allowed) {
    reply.header("retry-after", String(Math.ceil(verdict.retryAfterMs / 1000)));
    throw new HttpError(429, TOO_MANY_ATTEMPTS);
  }
  try {
    const result = await login();
    await guard.succeeded(key, ip, verdict.attemptId);
    if (await guard.refused(key)) throw new HttpError(403, ACCOUNT_BLOCKED);
    return result;
  } catch (err) {
    if (err instanceof HttpError && err.error === LoginErrors.invalid) {
      await guard.failed(key, ip, verdict.attemptId);
    } else {
      await guard.abandoned(verdict.attemptId);
    }
    throw err;
  }
}
