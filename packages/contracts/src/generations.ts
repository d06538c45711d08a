// Request and response shapes of the uploads-and-generations API (decisions 0500, 0504). Served as OpenAPI
// at /api/docs. Image, cut-out and event URLs carry a short-lived `?token=` so <img> and
// EventSource work without an Authorization header (docs/decisions/0502-media-urls.md).
import { type Static, Type as T } from "@sinclair/typebox";
import { ClothingOptions, ClothingStyle, GarmentKind } from "./clothing.ts";

const Id = T.String({ format: "uuid", description: "a UUID" });

export const GenerationMessages = {
  blockedPrompt:
    "Your prompt contains words that are not allowed. Please describe your product scene without them.",
  uploadNotFound: "Upload not found",
  generationNotFound: "Generation not found",
  templateNotFound: "Template not found",
  notAProductPhoto: "This upload is a reference image; upload the product photo separately.",
  stillRunning: "This generation is still running; delete it once it is done.",
  maintenanceNow: "Our server is down for maintenance. Please try again later.",
} as const;

export const PresetNames = ["web", "amazon", "shopify", "instagram", "story", "etsy"] as const;
export const Preset = T.Union(
  [
    T.Literal("web"),
    T.Literal("amazon"),
    T.Literal("shopify"),
    T.Literal("instagram"),
    T.Literal("story"),
    T.Literal("etsy"),
  ],
  { description: "output preset; amazon = product on white, always one image" },
);
export type PresetName = (typeof PresetNames)[number];

export const GenerationStatus = T.Union(
  [
    T.Literal("waitlisted"),
    T.Literal("accepted"),
    T.Literal("processing"),
    T.Literal("generating"),
    T.Literal("done"),
    T.Literal("failed"),
  ],
  { description: "waitlisted → accepted → processing → generating → done | failed" },
);
export type GenerationStatus = Static<typeof GenerationStatus>;

// POST /api/uploads?purpose=product|reference (multipart, field `file`)
export const UploadQuery = T.Object({
  purpose: T.Optional(T.Union([T.Literal("product"), T.Literal("reference")])),
});
export type UploadQuery = Static<typeof UploadQuery>;
export const CutoutStatus = T.Union([
  T.Literal("none"),
  T.Literal("pending"),
  T.Literal("ready"),
  T.Literal("failed"),
]);
/**
 * The kinds a seller can pick when the engine named the product wrong (issue 28): the menu
 * beside the cut-out. Each is a kind the engine's planner knows (its size and footing).
 */
export const ProductKindNames = [
  "car",
  "motorcycle",
  "bicycle",
  "sofa",
  "chair",
  "bottle",
  "cup",
  "box",
  "shoe",
  "t-shirt",
  "dress",
  "handbag",
  "lamp",
  "candle",
  "potted plant",
  "banana",
  "teddy bear",
  "book",
] as const;
export const ProductKind = T.Union(ProductKindNames.map((k) => T.Literal(k)));
export type ProductKind = Static<typeof ProductKind>;
/** what the engine recognised in a product upload's photo, once, with its cut-out */
export const RecognisedProduct = T.Object({
  kind: T.String(),
  /** photo: the detector; shape: the cut-out's outline */
  source: T.Union([T.Literal("photo"), T.Literal("shape")]),
  confidence: T.Number({ minimum: 0, maximum: 1 }),
});
export type RecognisedProduct = Static<typeof RecognisedProduct>;

export const UploadResponse = T.Object({
  id: Id,
  width: T.Integer(),
  height: T.Integer(),
  purpose: T.Union([T.Literal("product"), T.Literal("reference")]),
  /** none for reference images; pending until the cut-out job has run */
  cutoutStatus: CutoutStatus,
  /** GET it: 202 { status: 'pending' } until ready, then the PNG (alpha = matte); null for references */
  cutoutUrl: T.Union([T.String(), T.Null()]),
  cutoutError: T.Optional(T.String()),
  /** true while the seller's corrected mask (PUT /api/uploads/:id/mask) is the cut-out in use */
  cutoutEdited: T.Optional(T.Boolean()),
  /** what the engine recognised the product as (absent: nothing, or not yet) */
  product: T.Optional(RecognisedProduct),
  /** the stored photo (metadata stripped, orientation applied) */
  originalUrl: T.String(),
});
export type UploadResponse = Static<typeof UploadResponse>;
export const CutoutPending = T.Object({ status: T.Literal("pending") });

export const IdParams = T.Object({ id: Id });
export const ImageParams = T.Object({ id: Id, index: T.Integer({ minimum: 0, maximum: 7 }) });
export const MediaQuery = T.Object({
  /** short-lived media token from a URL this API handed out (instead of the bearer header) */
  token: T.Optional(T.String({ maxLength: 2000 })),
  /** 1 = Content-Disposition: attachment */
  download: T.Optional(T.Union([T.Literal("1"), T.Literal("0")])),
});
export type MediaQuery = Static<typeof MediaQuery>;

// POST /api/generations
export const GenerationRequest = T.Object({
  /** the product's kind as the seller corrected it; absent: the kind recognised in the photo */
  productKind: T.Optional(ProductKind),
  /** the product photo (an upload with purpose product); optional when a prompt is given */
  uploadId: T.Optional(Id),
  referenceIds: T.Optional(T.Array(Id, { maxItems: 200, uniqueItems: true })),
  prompt: T.Optional(T.String({ maxLength: 1000 })),
  /** a template id from GET /api/templates */
  template: T.Optional(T.String({ maxLength: 64 })),
  preset: T.Optional(Preset),
  /** images wanted; default and maximum: 4 (2 on Basic); 1 for the amazon preset */
  count: T.Optional(T.Integer({ minimum: 1, maximum: 4 })),
  /** a Clothing app generation (decision 0701): the garment in uploadId, these options */
  clothing: T.Optional(ClothingOptions),
  /**
   * product scenes: "studio" (the CPU engine) or "generated" (GPU servers, when GET /api/gpu says
   * they are there; decision 1100); default: generated when available
   */
  scenePath: T.Optional(T.Union([T.Literal("studio"), T.Literal("generated")])),
});
export type GenerationRequest = Static<typeof GenerationRequest>;

// GET /api/gpu
export const GpuStatus = T.Object({
  /** product scenes can be generated on GPU servers (some server answered its last check) */
  scenes: T.Boolean(),
});
export type GpuStatus = Static<typeof GpuStatus>;

const QueueFields = {
  status: GenerationStatus,
  /** while waitlisted: 1 = next; never goes up */
  position: T.Optional(T.Integer({ minimum: 1 })),
  /** estimated seconds until done, from recent job durations and the workers online */
  etaSeconds: T.Optional(T.Integer({ minimum: 0 })),
  /**
   * while GPU servers paint its photos: the share of the sampler's steps done over all of them,
   * 0..1, as heard on the servers' progress sockets (status and events only)
   */
  painted: T.Optional(T.Number({ minimum: 0, maximum: 1 })),
  /** 'Our server will be down for maintenance at: (time)' while one is announced */
  notice: T.Optional(T.String()),
};

export const SubmitResponse = T.Object({
  id: Id,
  ...QueueFields,
  /** coins reserved (one per image; 0 on unlimited plans) */
  cost: T.Integer(),
  /** EventSource URL (token included) */
  eventsUrl: T.String(),
});
export type SubmitResponse = Static<typeof SubmitResponse>;

// GET /api/check-position?generationId=
export const CheckPositionQuery = T.Object({ generationId: Id });
export type CheckPositionQuery = Static<typeof CheckPositionQuery>;
export const CheckPositionResponse = T.Object(QueueFields);
export type CheckPositionResponse = Static<typeof CheckPositionResponse>;

export const GenerationImage = T.Object({
  /** `<generationId>-<index>` */
  id: T.String(),
  index: T.Integer(),
  /** owner-only, token included; valid MEDIA_TOKEN_TTL_SECONDS (default 1 h) */
  url: T.String(),
  /** same with ?download=1 (Content-Disposition: attachment) */
  downloadUrl: T.String(),
  width: T.Integer(),
  height: T.Integer(),
  contentType: T.String(),
  /** which path made it: the CPU studio, or a diffusion model on a GPU server (decision 1100) */
  madeBy: T.Optional(T.Union([T.Literal("studio"), T.Literal("generated")])),
});
export type GenerationImage = Static<typeof GenerationImage>;

export const Generation = T.Object({
  id: Id,
  ...QueueFields,
  images: T.Array(GenerationImage),
  uploadId: T.Union([Id, T.Null()]),
  referenceIds: T.Array(Id),
  prompt: T.String(),
  template: T.Union([T.String(), T.Null()]),
  preset: Preset,
  /** images asked for */
  count: T.Integer(),
  cost: T.Integer(),
  /** coins given back (what was not delivered) */
  refunded: T.Integer(),
  error: T.Optional(T.String()),
  createdAt: T.String({ format: "date-time" }),
  finishedAt: T.Union([T.String({ format: "date-time" }), T.Null()]),
  eventsUrl: T.String(),
  /** all images as one ZIP (token included), once done */
  zipUrl: T.Union([T.String(), T.Null()]),
  /** Clothing app generations: their options and the kind the engine read */
  clothing: T.Optional(
    T.Object({
      style: ClothingStyle,
      kind: T.Union([GarmentKind, T.Null()]),
      modelId: T.Union([T.String(), T.Null()]),
    }),
  ),
});
export type Generation = Static<typeof Generation>;

// GET /api/generations?page=&pageSize=  (newest first)
export const GenerationListQuery = T.Object({
  page: T.Optional(T.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: T.Optional(T.Integer({ minimum: 1, maximum: 50, default: 12 })),
  /** one app's history: product (/app) or clothing (/clothing-app); both when absent */
  app: T.Optional(T.Union([T.Literal("product"), T.Literal("clothing")])),
});
export type GenerationListQuery = Static<typeof GenerationListQuery>;
export const GenerationList = T.Object({
  items: T.Array(Generation),
  page: T.Integer(),
  pageSize: T.Integer(),
  total: T.Integer(),
});
export type GenerationList = Static<typeof GenerationList>;

export const DeleteResponse = T.Object({ success: T.Boolean(), refunded: T.Integer() });

// GET /api/templates
export const TemplateItem = T.Object({
  id: T.String(),
  name: T.Object({ en: T.String(), zh: T.String() }),
  description: T.Optional(T.Object({ en: T.String(), zh: T.String() })),
  tags: T.Array(T.String()),
  /** WebP rendered by the engine, public */
  thumbnailUrl: T.String(),
});
export const TemplatesResponse = T.Object({ templates: T.Array(TemplateItem) });
export type TemplatesResponse = Static<typeof TemplatesResponse>;
export const ThumbnailQuery = T.Object({
  size: T.Optional(T.Integer({ minimum: 64, maximum: 512, default: 256 })),
});

// GET /api/maintenance
export const MaintenanceResponse = T.Object({
  notice: T.Union([T.String(), T.Null()]),
  /** ISO time of the announced maintenance */
  at: T.Union([T.String(), T.Null()]),
  /** true while new generations are refused */
  active: T.Boolean(),
});
export type MaintenanceResponse = Static<typeof MaintenanceResponse>;

/** One server-sent event (`event: status`): the same fields as check-position plus the id. */
export const GenerationEvent = T.Object({ id: Id, ...QueueFields });
export type GenerationEvent = Static<typeof GenerationEvent>;
