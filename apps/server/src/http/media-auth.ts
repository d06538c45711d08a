// Who is asking, for every module's routes: the bearer token, or for media
// URLs (images, cut-outs, event streams) a media token scoped to that one resource.
import { Type as T } from "@sinclair/typebox";
import { Messages } from "@studio/contracts";
import type { FastifyRequest } from "fastify";
import { HttpError } from "./http-error.ts";

/** 401 with the spec's texts: 'Please login to continue.' / 'Signup to unlock'. */
export function loginRequired(): HttpError {
  return new HttpError(401, Messages.pleaseLogin, Messages.signupToUnlock);
}

export function requireUserId(request: FastifyRequest): string {
  if (!request.user) throw loginRequired();
  return request.user.userId;
}

export async function mediaUserId(
  request: FastifyRequest,
  tokens: { verify(token: string, scope: string): Promise<string | null> },
  scope: string,
  token: string | undefined,
): Promise<string> {
  if (request.user) return request.user.userId;
  if (token) {
    const userId = await tokens.verify(token, scope);
    if (userId) return userId;
    throw new HttpError(401, "This link has expired; reload the page to get a new one.");
  }
  throw loginRequired();
}

/** `inline` to show, `attachment` (?download=1) to save under `filename`. */
export function contentDisposition(download: boolean, filename: string): string {
  return `${download ? "attachment" : "inline"}; filename="${filename.replace(/[^\w.-]/g, "_")}"`;
}

/** 200 answer of a route that sends file bytes (documented as binary; never serialised). */
export const BinaryBody = T.Unsafe<Buffer>({ type: "string", format: "binary" });
