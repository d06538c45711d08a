// Drizzle view of the accounts tables; the SQL that creates them is
// drizzle/202611220830_accounts_init.sql (keep both in step).
import { bigint, boolean, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

export const accounts = pgTable("accounts", {
  id: text("id").primaryKey(),
  username: text("username").notNull(),
  usernameKey: text("username_key").notNull().unique(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash"),
  googleSub: text("google_sub").unique(),
  gender: text("gender").notNull().default(""),
  dob: text("dob").notNull().default(""),
  location: text("location").notNull().default(""),
  language: text("language").notNull().default(""),
  occupation: text("occupation").notNull().default(""),
  field: text("field").notNull().default(""),
  timeZone: text("time_zone").notNull().default("UTC"),
  pendingTimeZone: text("pending_time_zone"),
  pendingTimeZoneFrom: text("pending_time_zone_from"),
  /** Cached sum of coin_ledger.delta; written only by the coins repository. */
  balance: integer("balance").notNull().default(0),
  diamond: integer("diamond").notNull().default(0),
  expiration: bigint("expiration", { mode: "number" }).notNull().default(0),
  clothAppExpiration: bigint("cloth_app_expiration", { mode: "number" }).notNull().default(0),
  paymentType: text("payment_type").notNull().default(""),
  imageGenerated: integer("image_generated").notNull().default(0),
  emailVerified: boolean("email_verified").notNull().default(false),
  meetingInviteReceived: boolean("meeting_invite_received").notNull().default(false),
  testimonialInviteReceived: boolean("testimonial_invite_received").notNull().default(false),
  referenceFeedbackReceived: boolean("reference_feedback_received").notNull().default(false),
  frenchWelcomeReceived: boolean("french_welcome_received").notNull().default(false),
  freeCreditReceived: boolean("free_credit_received").notNull().default(false),
  creditGiveawayDate: bigint("credit_giveaway_date", { mode: "number" }).notNull().default(0),
  lastGiveawayDay: text("last_giveaway_day"),
  referredBy: text("referred_by"),
  createdAt: createdAt(),
});
export type AccountRow = typeof accounts.$inferSelect;

export const emailVerifications = pgTable("email_verifications", {
  tokenHash: text("token_hash").primaryKey(),
  accountId: text("account_id").notNull(),
  email: text("email").notNull(),
  expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  usedAt: bigint("used_at", { mode: "number" }),
});

export const emailSubscriptions = pgTable("email_subscriptions", {
  email: text("email").primaryKey(),
});

export const referrals = pgTable("referrals", {
  refereeId: text("referee_id").primaryKey(),
  referrerId: text("referrer_id").notNull(),
});
