// Signup rules (the spec names the checks, not the rules; these are ours, see
// docs/decisions/0104-signup-rules.md). Each failure carries the analytics event it logs.
import { AnalyticsEvents } from "@studio/contracts";

export interface RuleFailure {
  status: 400 | 409;
  error: string;
  event: string;
}

export const SignupErrors = {
  emailInvalid: "Please enter a valid email address.",
  usernameInvalid:
    "Username must be 3 to 20 characters: letters, numbers, dots, hyphens or underscores, starting with a letter or number.",
  usernameProhibited: "This username is not allowed. Please choose another one.",
  usernameTaken: "Username already exists. Please choose another one.",
  emailTaken: "An account with this email already exists. Please log in.",
  passwordTooShort: "Password must be at least 8 characters.",
} as const;

export const MIN_PASSWORD_LENGTH = 8;

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{2,19}$/;

// Names that impersonate the service or its staff: refused when the whole name (ignoring
// separators and digits) is one of these.
const RESERVED = new Set([
  "admin",
  "administrator",
  "root",
  "support",
  "help",
  "helpdesk",
  "system",
  "sysadmin",
  "staff",
  "moderator",
  "mod",
  "official",
  "owner",
  "team",
  "security",
  "billing",
  "info",
  "contact",
  "noreply",
  "postmaster",
  "webmaster",
  "abuse",
  "api",
  "www",
  "mail",
  "signup",
  "login",
  "null",
  "undefined",
  "anonymous",
  "studio",
  "photoshoot",
  "everyone",
  "service",
]);
// Refused anywhere in the name: staff impersonation and profanity.
const FORBIDDEN_PARTS = [
  "admin",
  "support",
  "official",
  "moderator",
  "fuck",
  "shit",
  "bitch",
  "cunt",
  "nigger",
  "nigga",
  "faggot",
  "whore",
  "slut",
  "porn",
  "pussy",
  "dick",
  "cock",
  "asshole",
  "bastard",
  "rape",
  "nazi",
  "hitler",
  "wank",
  "twat",
  "penis",
  "vagina",
  "anal",
  "xxx",
];

export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  if (email.length > 254 || !EMAIL.test(email)) return false;
  const local = email.split("@")[0] ?? "";
  return (
    local.length <= 64 && !local.startsWith(".") && !local.endsWith(".") && !local.includes("..")
  );
}

/** The uniqueness key of a username: case-insensitive. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export function isProhibitedUsername(username: string): boolean {
  const lower = username.toLowerCase();
  const letters = lower.replace(/[^a-z]/g, "");
  const deLeet = lower
    .replace(/0/g, "o")
    .replace(/1/g, "i")
    .replace(/3/g, "e")
    .replace(/4/g, "a")
    .replace(/5/g, "s")
    .replace(/7/g, "t")
    .replace(/[^a-z]/g, "");
  if (RESERVED.has(letters) || RESERVED.has(deLeet)) return true;
  return FORBIDDEN_PARTS.some((p) => letters.includes(p) || deLeet.includes(p));
}

export function checkEmail(email: string): RuleFailure | null {
  return isValidEmail(email)
    ? null
    : { status: 400, error: SignupErrors.emailInvalid, event: AnalyticsEvents.signupEmailInvalid };
}

export function checkUsername(username: string): RuleFailure | null {
  if (!USERNAME.test(username)) {
    return {
      status: 400,
      error: SignupErrors.usernameInvalid,
      event: AnalyticsEvents.signupUsernameInvalid,
    };
  }
  if (isProhibitedUsername(username)) {
    return {
      status: 400,
      error: SignupErrors.usernameProhibited,
      event: AnalyticsEvents.signupUsernameProhibited,
    };
  }
  return null;
}

/** A valid, allowed username derived from a Google profile name or an email's local part. */
export function deriveUsername(source: string): string {
  let base = source
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]/g, "")
    .replace(/^[._-]+/, "")
    .slice(0, 14);
  if (base.length < 3 || isProhibitedUsername(base)) base = "user";
  return base;
}
