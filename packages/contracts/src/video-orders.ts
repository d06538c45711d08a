// The made-to-order product video (spec: the product video order; $300, $8 after the meeting
// invite's 80 % discount). Decision 0801.
import { type Static, Type as T } from "@sinclair/typebox";

const Id = T.String({ format: "uuid" });

export const VIDEO_ORDER_PRICE_CENTS = 30_000;
export const VIDEO_ORDER_INVITE_PRICE_CENTS = 800;
/** a brief needs this many days of production at least */
export const VIDEO_ORDER_MIN_DAYS = 5;
export const VideoOrderStyles = ["studio", "lifestyle", "social", "cinematic"] as const;
export const VideoOrderFormats = ["1:1", "9:16", "16:9"] as const;

export const VideoOrderMessages = {
  orderNotFound: "Order not found",
  deadlineTooSoon: `The deadline must be at least ${VIDEO_ORDER_MIN_DAYS} days from today.`,
  developersOnly: "Only the studio's team can do this.",
  noDelivery: "This order has not been delivered yet.",
} as const;

export const VideoOrderRequest = T.Object(
  {
    brief: T.String({ minLength: 10, maxLength: 4000, description: "what the video should show" }),
    uploadIds: T.Array(Id, { minItems: 1, maxItems: 10, uniqueItems: true }),
    style: T.Union(VideoOrderStyles.map((s) => T.Literal(s))),
    formats: T.Array(T.Union(VideoOrderFormats.map((f) => T.Literal(f))), {
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
    }),
    deadline: T.String({ format: "date", description: "YYYY-MM-DD" }),
  },
  { additionalProperties: false },
);
export type VideoOrderRequest = Static<typeof VideoOrderRequest>;

export const VideoOrderPrice = T.Object({
  priceCents: T.Integer(),
  listPriceCents: T.Integer(),
  currency: T.Literal("usd"),
  discount: T.Union([T.Literal("meeting-invite"), T.Null()]),
});
export type VideoOrderPrice = Static<typeof VideoOrderPrice>;

export const VideoOrder = T.Object({
  id: Id,
  brief: T.String(),
  style: T.String(),
  formats: T.Array(T.String()),
  deadline: T.String(),
  uploadIds: T.Array(Id),
  priceCents: T.Integer(),
  currency: T.String(),
  discount: T.Union([T.String(), T.Null()]),
  paymentStatus: T.Union([T.Literal("unpaid"), T.Literal("paid")]),
  /** what billing's POST /api/checkout/stripe will take as {type} once it exists (decision 0801) */
  checkoutType: T.String(),
  status: T.Union([T.Literal("received"), T.Literal("in-production"), T.Literal("delivered")]),
  downloadUrl: T.Union([T.String(), T.Null()]),
  deliveryName: T.Union([T.String(), T.Null()]),
  createdAt: T.String(),
  deliveredAt: T.Union([T.String(), T.Null()]),
  /** admin views only */
  customerEmail: T.Optional(T.String()),
});
export type VideoOrder = Static<typeof VideoOrder>;
export const VideoOrderList = T.Object({ items: T.Array(VideoOrder) });
export const VideoOrderStatusRequest = T.Object(
  { status: T.Union([T.Literal("received"), T.Literal("in-production")]) },
  { additionalProperties: false },
);
