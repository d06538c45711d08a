// Turns an account row into the spec's answers (login response, check-token, credits).
import type {
  CheckTokenResponse,
  CreditsResponse,
  LoginResponse,
  UserData,
} from "@studio/contracts";
import type { Config } from "../../config.ts";
import type { AccountRow } from "./accounts.tables.ts";
import { zoneInForce } from "./time-zone.ts";

export interface Flags {
  developer: boolean;
  testUser: boolean;
}

/** developer: DEVELOPER_EMAILS; testUser: TEST_USER_EMAILS or a domain in TEST_USER_DOMAINS. */
export function flagsOf(email: string, config: Config): Flags {
  const lower = email.toLowerCase();
  const domain = lower.split("@")[1] ?? "";
  return {
    developer: config.developerEmails.has(lower),
    testUser: config.testUserEmails.has(lower) || config.testUserDomains.has(domain),
  };
}

export function entitlement(row: AccountRow, nowMs: number) {
  const nowSec = Math.floor(nowMs / 1000);
  return {
    paymentType: row.paymentType,
    valid: row.expiration >= nowSec,
    clothAppValid: row.clothAppExpiration >= nowSec,
  };
}

export function loginResponse(
  row: AccountRow,
  session: { token: string; sessionId: string },
  nowMs: number,
): LoginResponse {
  return {
    userId: row.id,
    token: session.token,
    username: row.username,
    imageCounter: row.imageGenerated,
    sessionId: session.sessionId,
    userEmail: row.email,
    ...entitlement(row, nowMs),
  };
}

/** `timeZone` is the zone in force now (a pending change that has come due counts). */
export function userData(row: AccountRow, config: Config, nowMs: number): UserData {
  return {
    credits: row.balance,
    diamond: row.diamond,
    creditGiveawayDate: row.creditGiveawayDate,
    emailVerified: row.emailVerified,
    meetingInviteReceived: row.meetingInviteReceived,
    testimonialInviteReceived: row.testimonialInviteReceived,
    referenceFeedbackReceived: row.referenceFeedbackReceived,
    frenchWelcomeReceived: row.frenchWelcomeReceived,
    freeCreditReceived: row.freeCreditReceived,
    developer: flagsOf(row.email, config).developer,
    imageGenerated: row.imageGenerated,
    timeZone: zoneInForce(row, nowMs).timeZone,
    expiration: row.expiration,
    clothAppExpiration: row.clothAppExpiration,
  };
}

export function checkTokenResponse(
  row: AccountRow,
  sessionId: string,
  config: Config,
  nowMs: number,
): CheckTokenResponse {
  return {
    userId: row.id,
    username: row.username,
    userEmail: row.email,
    sessionId,
    testUser: flagsOf(row.email, config).testUser,
    ...entitlement(row, nowMs),
    // The spec: new while no image was generated.
    isNew: row.imageGenerated === 0,
    user: userData(row, config, nowMs),
  };
}
