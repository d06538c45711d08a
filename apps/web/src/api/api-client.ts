// The web app's only door to the server. Component tests stub this module (the client seam);
// browser tests run it against the real server.
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

const TOKEN_KEY = "token";

/** A 4xx/5xx answer: `error` is the server's text shown after 'Error:'. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly serverMessage?: string,
  ) {
    super(error);
    this.name = "ApiError";
  }
}

type RequestOptions = {
  body?: unknown;
  query?: Record<string, string>;
  /** bearer token; defaults to the stored one */
  token?: string | null;
};

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Every feature's calls go through here: the token, the JSON and the error shape in one place. */
export async function request<T>(method: Method, path: string, opts: RequestOptions = {}) {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const token = opts.token === undefined ? localStorage.getItem(TOKEN_KEY) : opts.token;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const body = (data ?? {}) as { error?: unknown; message?: unknown };
    const error = typeof body.error === "string" ? body.error : "";
    const message = typeof body.message === "string" ? body.message : undefined;
    throw new ApiError(res.status, error, message);
  }
  return data as T;
}

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
