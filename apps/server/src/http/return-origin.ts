// The origin a browser-bound link should go back to: the one the seller is using (the request's
// Origin header, sent by browsers with every POST), when the operator allows it; PUBLIC_URL
// otherwise. Never the Host header alone nor a free parameter (decision 0909).
import type { FastifyRequest } from "fastify";

export function returnOrigin(
  request: FastifyRequest,
  allowed: ReadonlySet<string>,
  fallback: string,
): string {
  const origin = request.headers.origin;
  if (typeof origin === "string" && allowed.has(origin)) return origin;
  return new URL(fallback).origin;
}
