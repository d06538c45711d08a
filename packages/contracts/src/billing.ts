// Billing: the one plan catalogue (decision 0600) that pricing tables, checkout,
// webhooks and entitlements all read, and the shapes of the billing API. Money is always an
// integer in the currency's smallest unit (USD cents, CNY fen); decision 0600 has the prices
// the spec leaves open.
import { type Static, Type as T, type TLiteral, type TUnion } from "@sinclair/typebox";

export const PlanTypes = [
  "PRODUCT_MONTHLY",
  "PRODUCT_YEARLY",
  "PRO_MONTHLY",
  "PRO_YEARLY",
  "CLOTHING_MONTHLY",
  "CLOTHING_YEARLY",
  "HALF_OFF_MONTHLY",
  "IMAGES_32",
  "DAY_PASS",
  "THREE_DAY_PASS",
  "CLOTHING_TRIAL",
  "VIDEO_ORDER",
] as const;
export type PlanType = (typeof PlanTypes)[number];

export const Currencies = ["USD", "CNY"] as const;
export type Currency = (typeof Currencies)[number];
export type Money = Record<Currency, number>;

export type PlanApp = "product" | "clothing" | "pro";
/** subscription: Stripe renews it; payment: paid once; free: claimed (the trial) */
export type PlanMode = "subscription" | "payment" | "free";
export type PlanPeriod = "month" | "year" | "day" | "three_days" | "once" | "trial";
export type Provider = "stripe" | "wechat";

export interface PlanGrants {
  /** written to the account while the plan is valid: {product}_PRO, {product}_BASIC, or VIP */
  paymentType?: string;
  productDays?: number;
  clothingDays?: number;
  coins?: number;
  monthlyImages?: number;
  imagesPerGeneration?: number;
  referenceImages?: number;
  downloads?: number;
  hours?: number;
}

export interface PlanInfo {
  type: PlanType;
  app: PlanApp;
  mode: PlanMode;
  period: PlanPeriod;
  prices: Money;
  /** the struck-out 'was' price */
  listPrices?: Money;
  /** the per-month price shown for yearly plans */
  perMonth?: Money;
  savePercent?: number;
  grants: PlanGrants;
  providers: Provider[];
}

export const PaymentTypes = { pro: "PRODUCT_PRO", basic: "PRODUCT_BASIC", vip: "VIP" } as const;

const basic: PlanGrants = {
  paymentType: PaymentTypes.basic,
  monthlyImages: 500,
  imagesPerGeneration: 2,
  referenceImages: 10,
};
const pro: PlanGrants = {
  paymentType: PaymentTypes.pro,
  imagesPerGeneration: 4,
  referenceImages: 100,
};
const vip: PlanGrants = {
  paymentType: PaymentTypes.vip,
  imagesPerGeneration: 4,
  referenceImages: 100,
};

export const PlanCatalogue: PlanInfo[] = [
  {
    type: "PRODUCT_MONTHLY",
    app: "product",
    mode: "subscription",
    period: "month",
    prices: { USD: 2199, CNY: 15800 },
    listPrices: { USD: 3499, CNY: 24800 },
    savePercent: 37,
    grants: { ...basic, productDays: 30 },
    providers: ["stripe", "wechat"],
  },
  {
    type: "PRODUCT_YEARLY",
    app: "product",
    mode: "payment",
    period: "year",
    prices: { USD: 20388, CNY: 146400 },
    perMonth: { USD: 1699, CNY: 12200 },
    savePercent: 51,
    grants: { ...basic, productDays: 365 },
    providers: ["stripe", "wechat"],
  },
  {
    type: "PRO_MONTHLY",
    app: "pro",
    mode: "subscription",
    period: "month",
    prices: { USD: 3999, CNY: 28800 },
    grants: { ...pro, productDays: 30, clothingDays: 30 },
    providers: ["stripe", "wechat"],
  },
  {
    type: "PRO_YEARLY",
    app: "pro",
    mode: "payment",
    period: "year",
    prices: { USD: 40788, CNY: 292800 },
    perMonth: { USD: 3399, CNY: 24400 },
    // The product's published figure, shown as it is; see decision 0600.
    savePercent: 93,
    grants: { ...pro, productDays: 365, clothingDays: 365 },
    providers: ["stripe", "wechat"],
  },
  {
    type: "CLOTHING_MONTHLY",
    app: "clothing",
    mode: "subscription",
    period: "month",
    prices: { USD: 4399, CNY: 31800 },
    listPrices: { USD: 6999, CNY: 49800 },
    savePercent: 38,
    grants: { clothingDays: 30, imagesPerGeneration: 4 },
    providers: ["stripe", "wechat"],
  },
  {
    type: "CLOTHING_YEARLY",
    app: "clothing",
    mode: "payment",
    period: "year",
    prices: { USD: 40788, CNY: 292800 },
    perMonth: { USD: 3399, CNY: 24400 },
    savePercent: 23,
    grants: { clothingDays: 365, imagesPerGeneration: 4 },
    providers: ["stripe", "wechat"],
  },
  {
    type: "HALF_OFF_MONTHLY",
    app: "product",
    mode: "subscription",
    period: "month",
    prices: { USD: 1199, CNY: 8800 },
    listPrices: { USD: 2199, CNY: 15800 },
    savePercent: 50,
    grants: { ...basic, productDays: 30 },
    providers: ["stripe"],
  },
  {
    type: "IMAGES_32",
    app: "product",
    mode: "payment",
    period: "once",
    prices: { USD: 999, CNY: 7200 },
    grants: { coins: 32 },
    providers: ["stripe", "wechat"],
  },
  {
    type: "DAY_PASS",
    app: "product",
    mode: "payment",
    period: "day",
    prices: { USD: 499, CNY: 3600 },
    grants: { ...vip, productDays: 1 },
    providers: ["stripe", "wechat"],
  },
  {
    type: "THREE_DAY_PASS",
    app: "product",
    mode: "payment",
    period: "three_days",
    prices: { USD: 999, CNY: 7200 },
    grants: { ...vip, productDays: 3 },
    providers: ["stripe", "wechat"],
  },
  {
    type: "CLOTHING_TRIAL",
    app: "clothing",
    mode: "free",
    period: "trial",
    prices: { USD: 0, CNY: 0 },
    grants: { hours: 72, downloads: 150 },
    providers: [],
  },
];

/** The made-to-order video (decision 0801): not a plan; paid by card at the order's own price. */
export const VideoOrderCheckout = "VIDEO_ORDER" as const;

export function findPlan(type: string): PlanInfo | undefined {
  return PlanCatalogue.find((p) => p.type === type);
}

/** The friend's discount at checkout and the referrer's cashback (decision 0600), in percent. */
export const ReferralTerms = { friendDiscountPercent: 10, referrerCashbackPercent: 30 } as const;
export const CancellationCouponPercent = 50;

/** Integer minor units → "$21.99" / "¥158.00" in the reader's locale; never float arithmetic. */
export function formatMoney(minor: number, currency: Currency, locale = "en-US"): string {
  if (!Number.isInteger(minor)) throw new RangeError(`money must be an integer, got ${minor}`);
  const whole = Math.trunc(minor / 100);
  const cents = Math.abs(minor % 100);
  // Intl formats the whole part and the symbol; the cents are appended as digits, so no
  // binary fraction is ever produced.
  const parts = new Intl.NumberFormat(locale, { style: "currency", currency }).formatToParts(whole);
  const decimal = parts.find((p) => p.type === "decimal")?.value ?? ".";
  return parts
    .map((p) =>
      p.type === "fraction"
        ? String(cents).padStart(2, "0")
        : p.type === "decimal"
          ? decimal
          : p.value,
    )
    .join("");
}

// ---- API shapes ----

/** A string that must be one of `values`, typed as their union. */
function oneOf<const A extends readonly string[]>(values: A) {
  return T.Union(values.map((v) => T.Literal(v))) as unknown as TUnion<[TLiteral<A[number]>]>;
}

const PlanTypeSchema = oneOf(PlanTypes);
const MoneySchema = T.Object({ USD: T.Integer(), CNY: T.Integer() });
const GrantsSchema = T.Object({
  paymentType: T.Optional(T.String()),
  productDays: T.Optional(T.Integer()),
  clothingDays: T.Optional(T.Integer()),
  coins: T.Optional(T.Integer()),
  monthlyImages: T.Optional(T.Integer()),
  imagesPerGeneration: T.Optional(T.Integer()),
  referenceImages: T.Optional(T.Integer()),
  downloads: T.Optional(T.Integer()),
  hours: T.Optional(T.Integer()),
});
export const PlanInfoSchema = T.Object({
  type: PlanTypeSchema,
  app: T.Union([T.Literal("product"), T.Literal("clothing"), T.Literal("pro")]),
  mode: T.Union([T.Literal("subscription"), T.Literal("payment"), T.Literal("free")]),
  period: oneOf(["month", "year", "day", "three_days", "once", "trial"] as const),
  prices: MoneySchema,
  listPrices: T.Optional(MoneySchema),
  perMonth: T.Optional(MoneySchema),
  savePercent: T.Optional(T.Integer()),
  grants: GrantsSchema,
  providers: T.Array(T.Union([T.Literal("stripe"), T.Literal("wechat")])),
});
export const PlansResponse = T.Object({ plans: T.Array(PlanInfoSchema) });
export type PlansResponse = { plans: PlanInfo[] };

export const StripeCheckoutRequest = T.Object(
  {
    type: PlanTypeSchema,
    couponType: T.Optional(T.String({ maxLength: 40 })),
    subscriptionId: T.Optional(T.String({ maxLength: 255 })),
    /** with type VIDEO_ORDER: the made-to-order video being paid (its price is the order's) */
    orderId: T.Optional(T.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type StripeCheckoutRequest = Static<typeof StripeCheckoutRequest>;
export const CheckoutUrlResponse = T.Object({ url: T.String() });

export const WechatCheckoutRequest = T.Object(
  { type: PlanTypeSchema },
  { additionalProperties: false },
);
export const WechatOrderStatuses = ["NOTPAY", "SUCCESS", "CLOSED", "REFUND"] as const;
export type WechatOrderStatus = (typeof WechatOrderStatuses)[number];
export const WechatCheckoutResponse = T.Object({
  orderId: T.String(),
  codeUrl: T.String(),
  amountFen: T.Integer(),
  /** epoch seconds */
  expiresAt: T.Integer(),
});
export type WechatCheckoutResponse = Static<typeof WechatCheckoutResponse>;
export const WechatOrderResponse = T.Object({
  orderId: T.String(),
  type: T.String(),
  status: oneOf(WechatOrderStatuses),
  amountFen: T.Integer(),
  expiresAt: T.Integer(),
});
export type WechatOrderResponse = Static<typeof WechatOrderResponse>;

export const SubscriptionKinds = ["PRODUCT_APP", "CLOTHING_APP"] as const;
export type SubscriptionKind = (typeof SubscriptionKinds)[number];
export const SubscriptionStatuses = ["ON GOING", "CANCELLING", "CANCELLED"] as const;
export type SubscriptionStatus = (typeof SubscriptionStatuses)[number];

/** GET /api/get-subscriptions; empty strings / 0 where there is none. */
export const SubscriptionsResponse = T.Object({
  productAppSubscriptionID: T.String(),
  clothAppSubscriptionID: T.String(),
  productAppSubscriptionStatus: T.String(),
  clothAppSubscriptionStatus: T.String(),
  productAppExpiration: T.Integer(),
  clothAppExpiration: T.Integer(),
});
export type SubscriptionsResponse = Static<typeof SubscriptionsResponse>;

export const CancelSubscriptionRequest = T.Object({
  type: oneOf(SubscriptionKinds),
  subscriptionId: T.String({ minLength: 1, maxLength: 255 }),
});
export type CancelSubscriptionRequest = Static<typeof CancelSubscriptionRequest>;
export const CancelSubscriptionResponse = T.Object({ message: T.String() });

export const BillingMessages = {
  trialCancelled: "Subscription canceled successfully during trial.",
  cancelled: "Subscription canceled successfully.",
  technicalIssues:
    "Sorry we are experiencing technical issues! Please reach out to our customer support.",
  /** a stand-in checkout asked for by a client it does not answer to (decision 0908) */
  paymentsNotSetUp: "Payments are not set up yet.",
} as const;

/** The product's wording, to the letter (the survey's answers). */
export const SurveyReasons = [
  "Financial reasons",
  "I'm done using it",
  "Found a better alternative",
  "The product or service did not meet expectations",
  "Poor customer service",
  "Other",
] as const;
export const SurveyComeBack = [
  "Yes, when I need it next time",
  "Yes, if the price was lower",
  "Yes, if you added the features I need",
  "No, I wouldn't consider coming back",
  "Other",
] as const;

export const CancellationSurveyRequest = T.Object({
  primaryReason: T.String({ maxLength: 100 }),
  reasonOther: T.String({ maxLength: 2000 }),
  wouldComeBack: T.String({ maxLength: 100 }),
  comeBackOther: T.String({ maxLength: 2000 }),
  betterAlternative: T.String({ maxLength: 2000 }),
  subscriptionId: T.Optional(T.String({ maxLength: 255 })),
});
export type CancellationSurveyRequest = Static<typeof CancellationSurveyRequest>;

export const ClothingTrialRequest = T.Object({
  shareUrl: T.String({ minLength: 8, maxLength: 2000 }),
});
export const ClothingTrialResponse = T.Object({
  clothAppExpiration: T.Integer(),
  downloadsLeft: T.Integer(),
});

/** `off`: a stand-in that does not answer to this client (PAYMENTS_STAND_IN, decision 0908) */
export const ProviderModes = ["live", "test", "stand-in", "off"] as const;
export const BillingModeResponse = T.Object({
  stripe: oneOf(ProviderModes),
  wechat: oneOf(ProviderModes),
});
export type BillingModeResponse = Static<typeof BillingModeResponse>;
