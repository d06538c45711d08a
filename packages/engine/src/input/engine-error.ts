// One error type for everything the engine refuses, so callers (the server, the CLI) can map a
// stable code to an HTTP status or a message without parsing strings.

export type EngineErrorCode =
  | "UNDECODABLE"
  | "UNSUPPORTED_FORMAT"
  | "TOO_MANY_PIXELS"
  | "TOO_SMALL"
  | "NO_SUBJECT"
  | "MODEL_UNAVAILABLE"
  | "INVALID_ARGUMENT"
  | "BACKEND_FAILED"
  /** a backend refused or failed the workflow itself: every server of it would fail it alike */
  | "WORKFLOW_FAILED"
  | "CANCELLED"
  | "FFMPEG_MISSING"
  | "ENCODE_FAILED";

export class EngineError extends Error {
  readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EngineError";
    this.code = code;
  }
}

export function isEngineError(err: unknown): err is EngineError {
  return err instanceof EngineError;
}
