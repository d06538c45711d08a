// The session/user context's data (the check-token answer, contracts' accounts.ts) and the
// pure rules around it.
import {
  type CheckTokenResponse,
  isUnlimited as isUnlimitedTier,
  type LoginResponse,
  tierOf,
} from "@studio/contracts";

// The tiers and what they cost are the server's own rules (packages/contracts/src/plan-rules.ts).
export { type Tier, tierOf } from "@studio/contracts";

export type ActiveApp = "product" | "clothing" | "video";

export interface SessionState {
  userId: string;
  /** 'Signup' while anonymous: it is also the user menu's label */
  userName: string;
  userEmail: string;
  token: string;
  sessionId: string;
  credits: number;
  diamond: number;
  /** epoch ms of the last daily-coin redeem, 0 when never */
  creditGiveawayDate: number;
  emailVerified: boolean;
  meetingInviteReceived: boolean;
  testimonialInviteReceived: boolean;
  referenceFeedbackReceived: boolean;
  /** a generation used reference images: the feedback notice makes sense only then */
  referenceImagesUsed: boolean;
  frenchWelcomeReceived: boolean;
  freeCreditReceived: boolean;
  valid: boolean;
  clothAppValid: boolean;
  paymentType: string;
  developer: boolean;
  testUser: boolean;
  isNew: boolean;
  imageGenerated: number;
  /** unix seconds */
  expiration: number;
  clothAppExpiration: number;
  loggedIn: boolean;
  /** set when check-token refused the stored token */
  tokenInvalid: boolean;
  promptText: string;
  activeApp: ActiveApp;
  developerMode: boolean;
}

export const ANONYMOUS_NAME = "Signup";

export const anonymousState: SessionState = {
  userId: "",
  userName: ANONYMOUS_NAME,
  userEmail: "",
  token: "",
  sessionId: "",
  credits: 0,
  diamond: 0,
  creditGiveawayDate: 0,
  emailVerified: false,
  meetingInviteReceived: false,
  testimonialInviteReceived: false,
  referenceFeedbackReceived: false,
  referenceImagesUsed: false,
  frenchWelcomeReceived: false,
  freeCreditReceived: false,
  valid: false,
  clothAppValid: false,
  paymentType: "",
  developer: false,
  testUser: false,
  isNew: false,
  imageGenerated: 0,
  expiration: 0,
  clothAppExpiration: 0,
  loggedIn: false,
  tokenInvalid: false,
  promptText: "",
  activeApp: "product",
  developerMode: false,
};

/** New user: imageCounter is 0; a positive or non-numeric counter is not new. */
export function isNewFromImageCounter(imageCounter: unknown): boolean {
  return typeof imageCounter === "number" && imageCounter === 0;
}

/** Unlimited coins: any paid tier except Basic (500 pics/month), on either app. */
export function isUnlimited(s: Pick<SessionState, "paymentType" | "valid" | "clothAppValid">) {
  return isUnlimitedTier(tierOf(s.paymentType, s.valid || s.clothAppValid));
}

/** The account, its plan and a signed-in session, as the login and check-token answers both give them. */
function signedIn(
  res: Pick<
    LoginResponse & CheckTokenResponse,
    "userId" | "username" | "userEmail" | "sessionId" | "paymentType" | "valid" | "clothAppValid"
  >,
) {
  return {
    userId: res.userId,
    userName: res.username || ANONYMOUS_NAME,
    userEmail: res.userEmail,
    sessionId: res.sessionId,
    paymentType: res.paymentType,
    valid: res.valid,
    clothAppValid: res.clothAppValid,
    loggedIn: true,
    tokenInvalid: false,
  };
}

export function fromLogin(res: LoginResponse): Partial<SessionState> {
  return {
    ...signedIn(res),
    token: res.token,
    isNew: isNewFromImageCounter(res.imageCounter),
  };
}

export function fromCheckToken(res: CheckTokenResponse): Partial<SessionState> {
  const u = res.user;
  return {
    ...signedIn(res),
    testUser: res.testUser,
    isNew: res.isNew,
    credits: u.credits,
    diamond: u.diamond,
    creditGiveawayDate: u.creditGiveawayDate,
    emailVerified: u.emailVerified,
    meetingInviteReceived: u.meetingInviteReceived,
    testimonialInviteReceived: u.testimonialInviteReceived,
    referenceFeedbackReceived: u.referenceFeedbackReceived,
    referenceImagesUsed: u.referenceImagesUsed ?? false,
    frenchWelcomeReceived: u.frenchWelcomeReceived,
    freeCreditReceived: u.freeCreditReceived,
    developer: u.developer,
    imageGenerated: u.imageGenerated,
    expiration: u.expiration,
    clothAppExpiration: u.clothAppExpiration,
  };
}

/** Logout: anonymous user, zero credits, email cleared, paid flag cleared. */
export function loggedOut(prev: SessionState, tokenInvalid = false): SessionState {
  return {
    ...anonymousState,
    // what the visitor was doing survives a logout; nothing about the account does
    promptText: prev.promptText,
    activeApp: prev.activeApp,
    tokenInvalid,
  };
}
