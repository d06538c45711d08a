// Every failure answers `{ error, message?, code? }` with a clear text; stack traces stay in the log.
import type { FastifyError, FastifyInstance } from "fastify";
import { HttpError } from "./http-error.ts";

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | Error, request, reply) => {
    if (err instanceof HttpError) {
      const body: { error: string; message?: string; code?: string } = { error: err.error };
      if (err.detail !== undefined) body.message = err.detail;
      if (err.code !== undefined) body.code = err.code;
      return reply.status(err.statusCode).send(body);
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      // e.g. "body/userEmail must NOT have fewer than 3 characters"
      const where = fe.validationContext ?? "request";
      const first = fe.validation[0];
      const field = first?.instancePath
        ? first.instancePath.replace(/^\//, "").replace(/\//g, ".")
        : "";
      const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
      const subject = missing ?? (field || where);
      const text = missing ? "is required" : (first?.message ?? "is invalid");
      return reply.status(400).send({
        error: `Invalid ${where}: ${subject} ${text}`,
        message: fe.message,
      });
    }
    const status = typeof fe.statusCode === "number" ? fe.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send({ error: "Too many requests, please try again later." });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: fe.message || "Bad request" });
    }
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send({ error: "Internal server error" });
  });
}
