// The Photoshoot Studio public API from TypeScript/Node (18+): every /v1 operation as a typed
// method (src/api.gen.ts, made from the OpenAPI document), plus what a script needs around
// them — errors with their stable code, an Idempotency-Key on every POST (so a retried call
// never acts twice), waiting for a generation or batch, downloads, and webhook verification.
import { randomUUID } from "node:crypto";
import { GeneratedClient, type GetBatchResponse, type GetGenerationResponse } from "./api.gen.ts";
import type { OperationMeta, RequestArgs } from "./request.ts";

export * from "./api.gen.ts";
export * from "./request.ts";
export { verifyWebhook } from "./verify-webhook.ts";

/** A non-2xx answer: `code` is stable (see the API's V1ErrorCodes), `message` is for people. */
export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "StudioApiError";
  }
}

export interface StudioClientOptions {
  /** e.g. http://localhost:8080 (`make start`) */
  baseUrl: string;
  /** psk_… from the account page */
  apiKey: string;
  fetch?: typeof fetch;
}

export class StudioClient extends GeneratedClient {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly fetchImpl: typeof fetch;

  constructor(options: StudioClientOptions) {
    super();
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.apiKey = options.apiKey;
    this.fetchImpl = options.fetch ?? fetch;
  }

  protected async request(op: OperationMeta, path: string, args: RequestArgs): Promise<unknown> {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(args.query ?? {})) {
      if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}` };
    let body: FormData | string | undefined;
    if (args.body !== undefined) {
      const fields = args.body as Record<string, unknown>;
      const hasFile = Object.values(fields).some((v) => v instanceof Blob);
      if (hasFile || (op.bodies.length === 1 && op.bodies[0] === "multipart/form-data")) {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) {
          if (v === undefined) continue;
          if (v instanceof Blob) form.append(k, v, (v as File).name ?? k);
          else form.append(k, String(v));
        }
        body = form;
      } else {
        headers["content-type"] = "application/json";
        body = JSON.stringify(args.body);
      }
    }
    if (op.method === "POST")
      headers["idempotency-key"] = args.options?.idempotencyKey ?? randomUUID();
    const res = await this.fetchImpl(url, {
      method: op.method,
      headers,
      body,
      signal: args.options?.signal,
    });
    if (!res.ok) {
      const json = (await res.json().catch(() => null)) as {
        error?: { code?: string; message?: string };
        requestId?: string;
      } | null;
      const retry = res.headers.get("retry-after");
      throw new StudioApiError(
        res.status,
        json?.error?.code ?? "internal_error",
        json?.error?.message ?? `HTTP ${res.status}`,
        json?.requestId,
        retry ? Number(retry) : undefined,
      );
    }
    if (op.binary) return res.blob();
    return res.json();
  }

  /** a URL from an answer (images, ZIPs) as bytes; relative URLs resolve against baseUrl */
  async download(url: string): Promise<Buffer> {
    const res = await this.fetchImpl(new URL(url, `${this.baseUrl}/`), {
      headers: url.startsWith("/v1/") ? { authorization: `Bearer ${this.apiKey}` } : {},
    });
    if (!res.ok)
      throw new StudioApiError(res.status, "not_found", `GET ${url}: HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  /** polls until the generation is done or failed */
  async waitForGeneration(
    id: string,
    everyMs = 1000,
    timeoutMs = 600_000,
  ): Promise<GetGenerationResponse> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const g = await this.getGeneration(id);
      if (g.status === "done" || g.status === "failed") return g;
      if (Date.now() > until)
        throw new Error(`generation ${id} still ${g.status} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }

  /** polls until every photo of the batch is finished; `onProgress` sees each answer */
  async waitForBatch(
    id: string,
    onProgress?: (b: GetBatchResponse) => void,
    everyMs = 2000,
    timeoutMs = 6 * 3600_000,
  ): Promise<GetBatchResponse> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const b = await this.getBatch(id);
      onProgress?.(b);
      if (b.status !== "processing") return b;
      if (Date.now() > until) throw new Error(`batch ${id} not finished after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}
