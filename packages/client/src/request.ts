// What the generated methods (api.gen.ts) hand to the client's request(): the operation's
// metadata, and the body, query and options of one call. Written by hand; the generator imports it.

export interface OperationMeta {
  method: string;
  path: string;
  success: number;
  binary: boolean;
  bodies: readonly string[];
}

export interface RequestOptions {
  /** sent as Idempotency-Key on POSTs (the client makes one up when absent) */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface RequestArgs {
  body?: unknown;
  query?: Record<string, unknown>;
  options?: RequestOptions;
}
