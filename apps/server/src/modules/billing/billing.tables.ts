// Drizzle view of drizzle/202611251000_billing.sql (keep both in step).
import {
  bigint,
  bigserial,
  boolean,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

export const billingPayments = pgTable("billing_payments", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  provider: text("provider", { enum: ["stripe", "wechat"] }).notNull(),
  planType: text("plan_type").notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  status: text("status", { enum: ["pending", "paid", "refunded", "closed"] }).notNull(),
  providerRef: text("provider_ref"),
  paymentIntent: text("payment_intent"),
  subscriptionId: text("subscription_id"),
  replacesSubscription: text("replaces_subscription"),
  coupon: text("coupon"),
  codeUrl: text("code_url"),
  /** what a non-plan payment buys: the video order id for VIDEO_ORDER */
  itemRef: text("item_ref"),
  expiresAt: bigint("expires_at", { mode: "number" }).notNull().default(0),
  createdAt: createdAt(),
  paidAt: timestamp("paid_at", { withTimezone: true }),
});
export type PaymentRow = typeof billingPayments.$inferSelect;

export const billingCustomers = pgTable("billing_customers", {
  accountId: text("account_id").primaryKey(),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
});

export const billingSubscriptions = pgTable("billing_subscriptions", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  provider: text("provider").notNull(),
  planType: text("plan_type").notNull(),
  kind: text("kind", { enum: ["PRODUCT_APP", "CLOTHING_APP"] }).notNull(),
  status: text("status", { enum: ["ON GOING", "CANCELLING", "CANCELLED"] }).notNull(),
  currentPeriodEnd: bigint("current_period_end", { mode: "number" }).notNull().default(0),
  trial: boolean("trial").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

export const entitlementGrants = pgTable("entitlement_grants", {
  key: text("key").primaryKey(),
  accountId: text("account_id").notNull(),
  planType: text("plan_type").notNull(),
  paymentType: text("payment_type").notNull().default(""),
  productUntil: bigint("product_until", { mode: "number" }).notNull().default(0),
  clothingUntil: bigint("clothing_until", { mode: "number" }).notNull().default(0),
  revoked: boolean("revoked").notNull().default(false),
  createdAt: createdAt(),
});
export type GrantRow = typeof entitlementGrants.$inferSelect;

export const billingEvents = pgTable(
  "billing_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const cancellationSurveys = pgTable("cancellation_surveys", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  accountId: text("account_id").notNull(),
  subscriptionId: text("subscription_id"),
  primaryReason: text("primary_reason").notNull(),
  reasonOther: text("reason_other").notNull(),
  wouldComeBack: text("would_come_back").notNull(),
  comeBackOther: text("come_back_other").notNull(),
  betterAlternative: text("better_alternative").notNull(),
  createdAt: createdAt(),
});

export const clothingTrials = pgTable("clothing_trials", {
  accountId: text("account_id").primaryKey(),
  shareUrl: text("share_url").notNull(),
  startedAt: bigint("started_at", { mode: "number" }).notNull(),
  endsAt: bigint("ends_at", { mode: "number" }).notNull(),
  downloadsUsed: integer("downloads_used").notNull().default(0),
});
export type ClothingTrialRow = typeof clothingTrials.$inferSelect;

export const referralCashbacks = pgTable("referral_cashbacks", {
  paymentKey: text("payment_key").primaryKey(),
  referrerId: text("referrer_id").notNull(),
  refereeId: text("referee_id").notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  createdAt: createdAt(),
});

export const planAllowanceUses = pgTable("plan_allowance_uses", {
  key: text("key").primaryKey(),
  accountId: text("account_id").notNull(),
  month: text("month").notNull(),
  images: integer("images").notNull(),
  createdAt: createdAt(),
});
