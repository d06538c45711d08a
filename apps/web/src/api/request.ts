// How every call reaches the server: the bearer token (read from session-storage.ts, the one
// place it is kept), JSON or a file as the body, and one error type for every refusal. Each
// feature's `*-api.ts` only names its paths and types on top of these functions.
import { storedToken } from "../session/session-storage.ts";

/**
 * A refusal or a failed call. `status` is the HTTP status (0: the server was not reached);
 * `error` is the server's text shown after 'Error:' ("" when it sent none); `code` is the
 * server's machine-readable code where it sends one (contracts' `ErrorCodes`): branch on
 * `status` and `code`, never on the text, which may be reworded.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly serverMessage?: string,
    readonly code?: string,
  ) {
    super(error || (status === 0 ? "Network error" : `HTTP ${status}`));
    this.name = "ApiError";
  }
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type RequestOptions = {
  /** sent as JSON */
  body?: unknown;
  /** sent as is: a FormData is a multipart upload, a Blob a raw file (its own Content-Type) */
  file?: FormData | Blob;
  query?: Record<string, string | number>;
  /** bearer token; defaults to the stored one; null sends none (login, anonymous tools) */
  token?: string | null;
  signal?: AbortSignal;
};

function urlOf(path: string, query: RequestOptions["query"]): URL {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
  return url;
}

function headersOf(opts: RequestOptions, accept: string): Record<string, string> {
  const token = opts.token === undefined ? storedToken() : opts.token;
  const headers: Record<string, string> = { Accept: accept };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  else if (opts.file instanceof Blob && opts.file.type) headers["Content-Type"] = opts.file.type;
  return headers;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The server's `{ error, message?, code? }` body (any other body: no text) as an ApiError. */
export function errorOf(status: number, text: string): ApiError {
  const body = (parse(text) ?? {}) as { error?: unknown; message?: unknown; code?: unknown };
  return new ApiError(
    status,
    typeof body.error === "string" ? body.error : "",
    typeof body.message === "string" ? body.message : undefined,
    typeof body.code === "string" ? body.code : undefined,
  );
}

async function send(method: Method, path: string, opts: RequestOptions, accept: string) {
  try {
    return await fetch(urlOf(path, opts.query), {
      method,
      headers: headersOf(opts, accept),
      body: opts.body !== undefined ? JSON.stringify(opts.body) : opts.file,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (err) {
    // an abort is the caller's own doing and stays one; anything else means no answer
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, "");
  }
}

/** A JSON call: the parsed answer (null for an empty one), or an ApiError. */
export async function request<T>(
  method: Method,
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  const res = await send(method, path, opts, "application/json");
  const text = await res.text();
  if (!res.ok) throw errorOf(res.status, text);
  return parse(text) as T;
}

/** A call answering a file (e.g. a mask PNG): its status, so 202 "not ready" can be told apart. */
export async function requestBlob(
  method: Method,
  path: string,
  opts: RequestOptions = {},
): Promise<{ status: number; blob: Blob }> {
  const res = await send(method, path, opts, "*/*");
  if (!res.ok) throw errorOf(res.status, await res.text());
  return { status: res.status, blob: await res.blob() };
}

/**
 * A multipart POST that reports its progress (0..1): through XMLHttpRequest, because fetch
 * cannot report upload progress. Same token and ApiError as `request`; aborting through the
 * signal rejects with an AbortError.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  opts: Pick<RequestOptions, "query" | "signal"> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", urlOf(path, opts.query).toString());
    for (const [k, v] of Object.entries(headersOf({}, "application/json"))) {
      xhr.setRequestHeader(k, v);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(parse(xhr.responseText) as T);
      } else reject(errorOf(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, ""));
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
    opts.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
