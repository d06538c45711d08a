// Request and response shapes of the accounts-and-coins API (decisions 0102, 0104, 0105).
// Field names are the spec's, to the letter: a client written from the spec works unchanged.
import { type Static, Type as T } from "@sinclair/typebox";

const Email = T.String({ minLength: 3, maxLength: 254 });
const UserId = T.String({ minLength: 1, maxLength: 64 });

/**
 * Every 4xx/5xx answer: `error` is what the client shows after 'Error:'; `code`, on the few
 * refusals a client must tell apart, is stable (messages.ts `ErrorCodes`) while the text may change.
 */
export const ErrorResponse = T.Object({
  error: T.String(),
  message: T.Optional(T.String()),
  code: T.Optional(T.String()),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

export const SuccessResponse = T.Object({ success: T.Boolean() });
export type SuccessResponse = Static<typeof SuccessResponse>;

// POST /api/credits
export const CreditsRequest = T.Object({
  userId: T.Optional(T.String({ maxLength: 64 })),
  countUsage: T.Optional(T.Boolean({ default: false })),
});
export type CreditsRequest = Static<typeof CreditsRequest>;
export const CreditsResponse = T.Object({
  credits: T.Integer(),
  diamond: T.Integer(),
  /** unix seconds; the product-app plan is valid while expiration >= now */
  expiration: T.Integer(),
  /** unix seconds; same for the clothing app */
  clothAppExpiration: T.Integer(),
  meetingInviteReceived: T.Boolean(),
  imageGenerated: T.Integer(),
});
export type CreditsResponse = Static<typeof CreditsResponse>;

// POST /api/login
export const LoginRequest = T.Object({
  userEmail: Email,
  password: T.String({ minLength: 1, maxLength: 256 }),
  /** The browser's IANA time zone; a change of zone takes effect on the next local day. */
  timeZone: T.Optional(T.String({ maxLength: 64 })),
});
export type LoginRequest = Static<typeof LoginRequest>;

/** Answer of login, signup (201), google-login and google-signup (201 new / 200 existing). */
export const LoginResponse = T.Object({
  userId: T.String(),
  token: T.String(),
  username: T.String(),
  imageCounter: T.Integer(),
  sessionId: T.String(),
  userEmail: T.String(),
  paymentType: T.String(),
  valid: T.Boolean(),
  clothAppValid: T.Boolean(),
});
export type LoginResponse = Static<typeof LoginResponse>;

// POST /api/signup — the nine spec fields, plus the browser's IANA time zone (daily coins
// follow the user's local day) and an optional referrer's email.
export const SignupRequest = T.Object({
  username: T.String({ minLength: 1, maxLength: 64 }),
  userEmail: Email,
  password: T.String({ minLength: 1, maxLength: 256 }),
  gender: T.String({ maxLength: 32 }),
  dob: T.String({ maxLength: 32 }),
  location: T.String({ maxLength: 128 }),
  language: T.String({ maxLength: 32 }),
  occupation: T.String({ maxLength: 128 }),
  field: T.String({ maxLength: 128 }),
  timeZone: T.Optional(T.String({ maxLength: 64 })),
});
export type SignupRequest = Static<typeof SignupRequest>;

// POST /api/google-login, /api/google-signup
export const GoogleCredentialRequest = T.Object({
  credential: T.String({ minLength: 10, maxLength: 8192 }),
  timeZone: T.Optional(T.String({ maxLength: 64 })),
});
export type GoogleCredentialRequest = Static<typeof GoogleCredentialRequest>;

/** Notifications the client derives from the user's flags; `messageText` of notification-received. */
export const NotificationKinds = [
  "reference-feedback",
  "meeting-invite",
  "testimonial-invite",
  "french-welcome",
  "free-credit",
] as const;
export type NotificationKind = (typeof NotificationKinds)[number];

/** The "user data" part of check-token. */
export const UserData = T.Object({
  credits: T.Integer(),
  diamond: T.Integer(),
  /** epoch milliseconds of the last daily-coin redeem; 0 when never */
  creditGiveawayDate: T.Integer(),
  emailVerified: T.Boolean(),
  meetingInviteReceived: T.Boolean(),
  testimonialInviteReceived: T.Boolean(),
  referenceFeedbackReceived: T.Boolean(),
  /** a generation of this account used reference images: only then is feedback asked (decision 0301) */
  referenceImagesUsed: T.Optional(T.Boolean()),
  frenchWelcomeReceived: T.Boolean(),
  freeCreditReceived: T.Boolean(),
  developer: T.Boolean(),
  imageGenerated: T.Integer(),
  timeZone: T.String(),
  expiration: T.Integer(),
  clothAppExpiration: T.Integer(),
});
export type UserData = Static<typeof UserData>;

// GET /api/check-token (bearer)
export const CheckTokenResponse = T.Object({
  userId: T.String(),
  username: T.String(),
  userEmail: T.String(),
  sessionId: T.String(),
  testUser: T.Boolean(),
  paymentType: T.String(),
  valid: T.Boolean(),
  clothAppValid: T.Boolean(),
  isNew: T.Boolean(),
  user: UserData,
});
export type CheckTokenResponse = Static<typeof CheckTokenResponse>;

// GET /api/get-email-verified?userId=
export const EmailVerifiedQuery = T.Object({ userId: UserId });
export const EmailVerifiedResponse = T.Object({ success: T.Boolean(), credits: T.Integer() });
export type EmailVerifiedResponse = Static<typeof EmailVerifiedResponse>;

// POST /api/send-email-verification (bearer; `token` is the same session token, as the spec sends it)
export const SendEmailVerificationRequest = T.Object({
  email: Email,
  token: T.Optional(T.String({ maxLength: 4096 })),
});

// POST /api/email-subscription
export const EmailSubscriptionRequest = T.Object({ email: Email });

// POST /api/giveaway (bearer)
export const GiveawayRequest = T.Object({ userId: UserId });
export const GiveawayResponse = T.Object({
  credits: T.Integer(),
  creditGiveawayDate: T.Integer(),
  message: T.Optional(T.String()),
});
export type GiveawayResponse = Static<typeof GiveawayResponse>;

// POST /api/refer-giveway (bearer; the new user names who referred them)
export const ReferGiveawayRequest = T.Object({ referEmail: Email });
export const ReferGiveawayResponse = T.Object({ credits: T.Integer(), diamond: T.Integer() });
export type ReferGiveawayResponse = Static<typeof ReferGiveawayResponse>;

// POST /api/notification-received (bearer)
export const NotificationReceivedRequest = T.Object({
  userId: UserId,
  messageText: T.Union(NotificationKinds.map((k) => T.Literal(k))),
});

// POST /api/send-user-feedback (bearer)
export const UserFeedbackRequest = T.Object({
  userName: T.String({ minLength: 1, maxLength: 64 }),
  feedback: T.String({ minLength: 1, maxLength: 5000 }),
});

// POST /api/send-referral-email (bearer); inviteeEmail is a comma-separated list (at most 10)
export const ReferralEmailRequest = T.Object({
  userName: T.String({ minLength: 1, maxLength: 64 }),
  userEmail: Email,
  inviteeEmail: T.String({ minLength: 3, maxLength: 2600 }),
});

// GET /api/analytics?key=&value=<JSON>&sessionId=
export const AnalyticsQuery = T.Object({
  key: T.String({ minLength: 1, maxLength: 100 }),
  value: T.Optional(T.String({ maxLength: 4096 })),
  sessionId: T.Optional(T.String({ maxLength: 100 })),
});

/** Analytics event names: the web app sends only these. */
export const AnalyticsEvents = {
  cancelAttempt: "Cancel subscription attempt",
  cancelSuccess: "Cancel subscription success",
  cancelFailed: "Cancel subscription failed",
  blockedNoLogin: "blocked no login",
  redeemingError: "redeeming error",
  signupEmailInvalid: "signup email invalid",
  signupUsernameExists: "signup existing username",
  signupUsernameInvalid: "signup username invalid",
  signupUsernameProhibited: "signup username prohibited",
} as const;
