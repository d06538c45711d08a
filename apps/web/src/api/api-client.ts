// The shell's calls to the server (login, coins, notifications, …). Every feature's calls go
// through request.ts (token, JSON, files, ApiError); component tests stub this module (the
// client seam); browser tests run it against the real server.
import type {
  CheckTokenResponse,
  CreditsResponse,
  EmailVerifiedResponse,
  GiveawayResponse,
  LoginResponse,
  MaintenanceResponse,
  NotificationKind,
  ReferGiveawayResponse,
  SignupRequest,
  SuccessResponse,
} from "@studio/contracts";

import { request } from "./request.ts";

export { ApiError, type Method, request } from "./request.ts";

export const api = {
  login: (userEmail: string, password: string) =>
    request<LoginResponse>("POST", "/api/login", {
      body: { userEmail, password, timeZone: browserTimeZone() },
      token: null,
    }),
  signup: (payload: SignupRequest) =>
    request<LoginResponse>("POST", "/api/signup", { body: payload, token: null }),
  googleLogin: (credential: string) =>
    request<LoginResponse>("POST", "/api/google-login", {
      body: { credential, timeZone: browserTimeZone() },
      token: null,
    }),
  checkToken: (token: string) => request<CheckTokenResponse>("GET", "/api/check-token", { token }),
  credits: (userId: string) =>
    request<CreditsResponse>("POST", "/api/credits", { body: { userId, countUsage: false } }),
  getEmailVerified: (userId: string) =>
    request<EmailVerifiedResponse>("GET", "/api/get-email-verified", { query: { userId } }),
  sendEmailVerification: (email: string, token: string) =>
    request<SuccessResponse>("POST", "/api/send-email-verification", {
      body: { email, token },
      token,
    }),
  giveaway: (userId: string) =>
    request<GiveawayResponse>("POST", "/api/giveaway", { body: { userId } }),
  referGiveaway: (referEmail: string) =>
    request<ReferGiveawayResponse>("POST", "/api/refer-giveway", { body: { referEmail } }),
  notificationReceived: (userId: string, messageText: NotificationKind) =>
    request<unknown>("POST", "/api/notification-received", { body: { userId, messageText } }),
  sendUserFeedback: (userName: string, feedback: string) =>
    request<unknown>("POST", "/api/send-user-feedback", { body: { userName, feedback } }),
  sendReferralEmail: (userName: string, userEmail: string, inviteeEmail: string) =>
    request<unknown>("POST", "/api/send-referral-email", {
      body: { userName, userEmail, inviteeEmail },
    }),
  maintenance: () => request<MaintenanceResponse>("GET", "/api/maintenance", { token: null }),
  analytics: (key: string, value: unknown, sessionId: string) =>
    request<unknown>("GET", "/api/analytics", {
      query: { key, value: JSON.stringify(value ?? {}), sessionId },
      token: null,
    }),
};

export type Api = typeof api;

/** The browser's IANA zone: the server counts the daily coins by the user's local day. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
