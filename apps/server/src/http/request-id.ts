// Request ids unique across processes (a counter per process repeats after a restart and
// between API processes): the proxy's X-Request-Id when it is a short plain token, else a UUID.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

const SANE = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestId(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && SANE.test(given) ? given : randomUUID();
}
