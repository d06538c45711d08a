// Shapes of the public API (decisions 1000, 1001): API keys managed with the session token under /api/keys,
// webhooks under /api/webhooks, and the versioned REST API under /v1 used with an API key.
// Decisions 1000-1009.
import { type Static, Type as T } from "@sinclair/typebox";

const Id = T.String({ format: "uuid", description: "a UUID" });
const DateTime = T.String({ format: "date-time" });

/** generate: POST and DELETE under /v1; read: GET under /v1 */
export const ApiKeyScopes = ["generate", "read"] as const;
export type ApiKeyScope = (typeof ApiKeyScopes)[number];
export const ApiKeyScope = T.Union([T.Literal("generate"), T.Literal("read")]);

export const ApiKeyLimits = { maxKeysPerAccount: 20, nameMaxLength: 60 } as const;

// POST /api/keys
export const CreateApiKeyRequest = T.Object(
  {
    name: T.String({ minLength: 1, maxLength: ApiKeyLimits.nameMaxLength }),
    /** omitted: every scope (generate and read), as most APIs give a new key full access */
    scopes: T.Optional(T.Array(ApiKeyScope, { minItems: 1, maxItems: 2, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type CreateApiKeyRequest = Static<typeof CreateApiKeyRequest>;

export const ApiKeySummary = T.Object({
  id: Id,
  name: T.String(),
  /** the first characters of the key, e.g. `psk_3fQ9xA1b`: enough to recognise it */
  prefix: T.String(),
  scopes: T.Array(ApiKeyScope),
  createdAt: DateTime,
  lastUsedAt: T.Union([DateTime, T.Null()]),
  /** requests made with this key in the current UTC month */
  requestsThisMonth: T.Integer({ minimum: 0 }),
});
export type ApiKeySummary = Static<typeof ApiKeySummary>;

export const CreatedApiKey = T.Object({
  ...ApiKeySummary.properties,
  /** the whole key: shown this once, never again */
  key: T.String(),
});
export type CreatedApiKey = Static<typeof CreatedApiKey>;

export const ApiKeyList = T.Object({ keys: T.Array(ApiKeySummary) });
export type ApiKeyList = Static<typeof ApiKeyList>;

// --- /v1: errors (stable codes a script can switch on; the message may change) ---

export const V1ErrorCodes = [
  "invalid_request",
  "invalid_api_key",
  "insufficient_scope",
  "account_blocked",
  "not_found",
  "insufficient_coins",
  "allowance_exhausted",
  "limit_exceeded",
  "prompt_blocked",
  "template_not_found",
  "still_running",
  "idempotency_key_reused",
  "idempotency_request_in_progress",
  "file_too_large",
  "unsupported_media_type",
  "unprocessable_photo",
  "rate_limited",
  "maintenance",
  "conflict",
  "internal_error",
] as const;
export type V1ErrorCode = (typeof V1ErrorCodes)[number];

export const V1Error = T.Object({
  error: T.Object({
    code: T.Unsafe<V1ErrorCode>(T.Union(V1ErrorCodes.map((c) => T.Literal(c)))),
    /** for people; may be reworded */
    message: T.String(),
    detail: T.Optional(T.String()),
  }),
  /** quote it when asking for help: every log line of the request carries it */
  requestId: T.String(),
});
export type V1Error = Static<typeof V1Error>;

/** headers every POST under /v1 accepts */
export const IdempotencyHeaders = T.Object({
  "idempotency-key": T.Optional(
    T.String({
      minLength: 1,
      maxLength: 255,
      pattern: "^[\\x21-\\x7e]+$",
      description:
        "Any unique text (a UUID): the same key within 24 h answers the first result again instead of acting twice",
    }),
  ),
});

// --- Webhooks (managed with the session token under /api/webhooks; decision 1003) ---

export const WebhookEventTypes = [
  "generation.done",
  "generation.failed",
  "batch.done",
  "video.done",
  "video.failed",
] as const;
export type WebhookEventType = (typeof WebhookEventTypes)[number];
export const WebhookEventType = T.Union([
  T.Literal("generation.done"),
  T.Literal("generation.failed"),
  T.Literal("batch.done"),
  T.Literal("video.done"),
  T.Literal("video.failed"),
]);
export const WebhookLimits = { maxEndpointsPerAccount: 10, urlMaxLength: 2000 } as const;

export const CreateWebhookRequest = T.Object(
  {
    url: T.String({ minLength: 8, maxLength: WebhookLimits.urlMaxLength }),
    events: T.Array(WebhookEventType, {
      minItems: 1,
      maxItems: WebhookEventTypes.length,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
export type CreateWebhookRequest = Static<typeof CreateWebhookRequest>;

export const WebhookEndpoint = T.Object({
  id: Id,
  url: T.String(),
  events: T.Array(WebhookEventType),
  /** `whsec_…`: verifies the Studio-Signature header of each delivery */
  secret: T.String(),
  createdAt: DateTime,
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;
export const WebhookEndpointList = T.Object({ endpoints: T.Array(WebhookEndpoint) });
export type WebhookEndpointList = Static<typeof WebhookEndpointList>;

export const WebhookAttempt = T.Object({
  n: T.Integer(),
  at: DateTime,
  responseStatus: T.Union([T.Integer(), T.Null()]),
  responseBody: T.Union([T.String(), T.Null()]),
  error: T.Union([T.String(), T.Null()]),
  durationMs: T.Integer(),
});
export const WebhookDelivery = T.Object({
  id: Id,
  eventId: Id,
  type: WebhookEventType,
  status: T.Union([T.Literal("pending"), T.Literal("delivered"), T.Literal("failed")]),
  attempts: T.Integer(),
  createdAt: DateTime,
  nextAttemptAt: T.Union([DateTime, T.Null()]),
  payload: T.String(),
  tries: T.Array(WebhookAttempt),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;
export const WebhookDeliveryList = T.Object({ deliveries: T.Array(WebhookDelivery) });
export type WebhookDeliveryList = Static<typeof WebhookDeliveryList>;

/** The body POSTed to an endpoint. Signed: `Studio-Signature: t=<unix s>,v1=<hex HMAC-SHA256 of "t.body">`. */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  /** unix seconds */
  created: number;
  data: {
    generation?: {
      id: string;
      status: "done" | "failed";
      imageCount: number;
      delivered: number;
      error: string | null;
      batchId: string | null;
    };
    batch?: { id: string; status: string; total: number; done: number; failed: number };
    video?: {
      id: string;
      status: "done" | "failed";
      seconds: number;
      aspect: string;
      error: string | null;
    };
  };
}

// --- Batches (/v1/batches; decision 1004) ---

const BatchSettings = {
  prompt: T.Optional(T.String({ maxLength: 1000 })),
  template: T.Optional(T.String({ maxLength: 64 })),
  preset: T.Optional(
    T.Union([
      T.Literal("web"),
      T.Literal("amazon"),
      T.Literal("shopify"),
      T.Literal("instagram"),
      T.Literal("story"),
      T.Literal("etsy"),
    ]),
  ),
  count: T.Optional(T.Integer({ minimum: 1, maximum: 4 })),
};

/** POST /v1/batches as JSON: photos already sent with POST /v1/uploads */
export const CreateBatchRequest = T.Object(
  {
    ...BatchSettings,
    items: T.Array(T.Object({ uploadId: Id, ...BatchSettings }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 1000,
    }),
  },
  { additionalProperties: false },
);
export type CreateBatchRequest = Static<typeof CreateBatchRequest>;

export const BatchItem = T.Object({
  index: T.Integer(),
  filename: T.String(),
  generationId: Id,
  status: T.Union([
    T.Literal("waitlisted"),
    T.Literal("accepted"),
    T.Literal("processing"),
    T.Literal("generating"),
    T.Literal("done"),
    T.Literal("failed"),
  ]),
  error: T.Optional(T.String()),
});
export type BatchItem = Static<typeof BatchItem>;

export const Batch = T.Object({
  id: Id,
  status: T.Union([T.Literal("processing"), T.Literal("done"), T.Literal("cancelled")]),
  total: T.Integer(),
  done: T.Integer(),
  failed: T.Integer(),
  /** not finished yet */
  pending: T.Integer(),
  /** coins reserved up front for the whole batch */
  cost: T.Integer(),
  /** coins given back for photos that failed */
  refunded: T.Integer(),
  createdAt: DateTime,
  finishedAt: T.Union([DateTime, T.Null()]),
  /** every finished photo's images as one ZIP (GET with the API key) */
  resultsUrl: T.String(),
  items: T.Array(BatchItem),
});
export type Batch = Static<typeof Batch>;
