// Bearer authentication. Every request with `Authorization: Bearer <token>` gets
// `request.user` (or `request.authError`); routes that act for a user add
// `preHandler: requireAuth` and call `assertSelf(request, userId)` on any userId they receive.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../http/http-error.ts";
import { type AuthUser, TokenError, type TokenService } from "./token.service.ts";

declare module "fastify" {
  interface FastifyRequest {
    user: AuthUser | null;
    authError: string | null;
  }
}

export function registerAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorate("tokens", tokens);
  app.decorateRequest("user", null);
  app.decorateRequest("authError", null);
  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (!m?.[1]) {
      request.authError = "Authorization header must be 'Bearer <token>'";
      return;
    }
    try {
      request.user = await tokens.verify(m[1]);
    } catch (err) {
      request.authError = err instanceof TokenError ? err.message : "Invalid token";
    }
  });
}

declare module "fastify" {
  interface FastifyInstance {
    tokens: TokenService;
  }
}

/**
 * preHandler for calls whose spec payload carries the session token in the body (`token`):
 * a client written from the spec sends it there instead of the Authorization header.
 */
export async function acceptBodyToken(request: FastifyRequest): Promise<void> {
  const token = (request.body as { token?: unknown } | undefined)?.token;
  if (request.user || typeof token !== "string" || token === "") return;
  try {
    request.user = await request.server.tokens.verify(token);
    request.authError = null;
  } catch (err) {
    request.authError = err instanceof TokenError ? err.message : "Invalid token";
  }
}

/** preHandler: 401 unless the request carries a valid bearer token. */
export async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized(request.authError ?? "Please login to continue.");
}

/** The authenticated user; call after `requireAuth`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(request.authError ?? "Please login to continue.");
  return request.user;
}

/** 403 when a payload names another user than the token's. */
export function assertSelf(request: FastifyRequest, userId: string | undefined): AuthUser {
  const user = currentUser(request);
  if (userId !== undefined && userId !== user.userId) {
    throw forbidden("You can only act for your own account");
  }
  return user;
}
