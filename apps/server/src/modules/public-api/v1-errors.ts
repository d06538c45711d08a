// Errors under /v1: `{ error: { code, message, detail? }, requestId }` with a stable `code`
// (decision 1001). The services the web app uses throw HttpError with texts made for people;
// here those texts and statuses are mapped onto codes, so both APIs keep one set of rules.
import { GenerationMessages, Messages, V1Error, type V1ErrorCode } from "@studio/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../../http/http-error.ts";

/** The errors every /v1 operation documents: `V1Error` for any 4xx or 5xx. */
export const v1Errors = { "4xx": V1Error, "5xx": V1Error };

/** An error a /v1 route throws with its code chosen on purpose. */
export class ApiError extends HttpError {
  constructor(
    statusCode: number,
    override readonly code: V1ErrorCode,
    message: string,
    detail?: string,
  ) {
    super(statusCode, message, detail);
  }
}

const byMessage = new Map<string, V1ErrorCode>([
  [Messages.notEnoughCredits, "insufficient_coins"],
  [Messages.tooManyReferenceImages, "limit_exceeded"],
  [GenerationMessages.blockedPrompt, "prompt_blocked"],
  [GenerationMessages.templateNotFound, "template_not_found"],
  [GenerationMessages.stillRunning, "still_running"],
  [GenerationMessages.maintenanceNow, "maintenance"],
]);

const byStatus: Record<number, V1ErrorCode> = {
  400: "invalid_request",
  401: "invalid_api_key",
  402: "allowance_exhausted",
  403: "insufficient_scope",
  404: "not_found",
  409: "conflict",
  413: "file_too_large",
  415: "unsupported_media_type",
  422: "unprocessable_photo",
  429: "rate_limited",
  503: "maintenance",
};

export function codeOf(err: HttpError): V1ErrorCode {
  if (err instanceof ApiError) return err.code;
  if (err.statusCode === 400 && err.error.startsWith("Your plan makes at most")) {
    return "limit_exceeded";
  }
  return byMessage.get(err.error) ?? byStatus[err.statusCode] ?? "invalid_request";
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: V1ErrorCode,
  message: string,
  detail?: string,
) {
  return reply.status(status).send({
    error: { code, message, ...(detail ? { detail } : {}) },
    requestId: request.id,
  });
}

/** error and not-found handlers of the /v1 plugin (encapsulated: /api keeps its own) */
export function registerV1Errors(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    if (err instanceof HttpError) {
      return send(request, reply, err.statusCode, codeOf(err), err.error, err.detail);
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const first = fe.validation[0];
      const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
      const field = first?.instancePath?.replace(/^\//, "").replace(/\//g, ".") || "";
      const where = fe.validationContext ?? "request";
      const subject = missing ?? (field ? `${where}.${field}` : where);
      return send(
        request,
        reply,
        400,
        "invalid_request",
        `${subject} ${missing ? "is required" : (first?.message ?? "is invalid")}`,
      );
    }
    const status = typeof fe.statusCode === "number" ? fe.statusCode : 500;
    if (status === 413 || fe.code === "FST_REQ_FILE_TOO_LARGE") {
      return send(request, reply, 413, "file_too_large", "The upload is too large.");
    }
    if (status === 415) {
      return send(request, reply, 415, "unsupported_media_type", fe.message);
    }
    if (status >= 400 && status < 500) {
      return send(request, reply, status, byStatus[status] ?? "invalid_request", fe.message);
    }
    request.log.error({ err }, "unhandled error");
    return send(request, reply, 500, "internal_error", "Internal server error");
  });
  app.setNotFoundHandler((request, reply) =>
    send(request, reply, 404, "not_found", `No route ${request.method} ${request.url}`),
  );
}
