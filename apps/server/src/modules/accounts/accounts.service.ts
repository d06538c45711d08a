// Signup, login (password and Google), sessions and the time zone of an account.
import { randomUUID } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import type { LoginResponse, SignupRequest } from "@studio/contracts";
import type { TokenService } from "../../auth/token.service.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/database.ts";
import { badRequest, HttpError, notFound, unauthorized } from "../../http/http-error.ts";
import type { AnalyticsService } from "../analytics/analytics.service.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import { loginResponse } from "./accounts.presenter.ts";
import * as repo from "./accounts.repository.ts";
import type { AccountRow } from "./accounts.tables.ts";
import type { GoogleVerifier } from "./google-verifier.ts";
import {
  checkEmail,
  checkUsername,
  deriveUsername,
  MIN_PASSWORD_LENGTH,
  normaliseEmail,
  type RuleFailure,
  SignupErrors,
  usernameKey,
} from "./signup-rules.ts";
import { canonicalTimeZone, requestZone } from "./time-zone.ts";

export const LoginErrors = {
  invalid: "Invalid email or password.",
  googleOnly: "This account uses Google sign-in. Please continue with Google.",
  noGoogleAccount: "No account found for this Google account. Please sign up first.",
  userNotFound: "User not found",
} as const;

export const EMAIL_VERIFICATION_REWARD_KEY = (accountId: string) => `email-verified:${accountId}`;
export const EMAIL_VERIFICATION_REWARD = 40;

// Verifying against a fixed hash when the email is unknown keeps login timing uniform.
const DUMMY_HASH = hash("not-a-real-password-0000");

export interface AccountsService {
  signup(body: SignupRequest): Promise<LoginResponse>;
  login(userEmail: string, password: string, timeZone?: string): Promise<LoginResponse>;
  googleLogin(credential: string, timeZone?: string): Promise<LoginResponse>;
  /** `created` tells 201 from 200. */
  googleSignup(
    credential: string,
    timeZone?: string,
  ): Promise<{ created: boolean; body: LoginResponse }>;
  get(userId: string): Promise<AccountRow>;
}

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  coins: CoinsService;
  analytics: AnalyticsService;
  google: GoogleVerifier;
}

/** Logins only hint at the zone: an unknown one is ignored rather than failing the login. */
function zoneHint(zone: string | undefined): string | undefined {
  return zone ? (canonicalTimeZone(zone) ?? undefined) : undefined;
}

/** The canonical zone, or a 400 naming the bad value (signup). */
export function parseTimeZone(zone: string | undefined): string | undefined {
  if (zone === undefined || zone === "") return undefined;
  const canonical = canonicalTimeZone(zone);
  if (!canonical) throw badRequest(`Unknown time zone: ${zone}`);
  return canonical;
}

export function createAccountsService(deps: AccountsDeps): AccountsService {
  const { db, clock, tokens } = deps;

  async function fail(rule: RuleFailure, value: unknown): Promise<never> {
    await deps.analytics.record({ key: rule.event, value });
    throw new HttpError(rule.status, rule.error);
  }

  async function session(row: AccountRow): Promise<LoginResponse> {
    const s = await tokens.issue({ userId: row.id, username: row.username, userEmail: row.email });
    return loginResponse(row, s, clock());
  }

  /** A login from another zone schedules it for the next local day (see time-zone.ts). */
  async function noteZone(row: AccountRow, zone: string | undefined): Promise<AccountRow> {
    if (!zone) return row;
    const next = requestZone(row, zone, clock());
    if (
      next.timeZone === row.timeZone &&
      next.pendingTimeZone === row.pendingTimeZone &&
      next.pendingTimeZoneFrom === row.pendingTimeZoneFrom
    ) {
      return row;
    }
    return (await repo.updateAccount(db, row.id, next)) ?? row;
  }

  async function create(account: repo.NewAccount): Promise<AccountRow> {
    const r = await repo.insertAccount(db, account);
    if (r.ok) return r.row;
    if (r.clash === "email") throw new HttpError(409, SignupErrors.emailTaken);
    return fail(
      { status: 409, error: SignupErrors.usernameTaken, event: "signup existing username" },
      { username: account.username },
    );
  }

  return {
    async signup(body) {
      const email = normaliseEmail(body.userEmail);
      const username = body.username.trim();
      const emailRule = checkEmail(email);
      if (emailRule) await fail(emailRule, { email });
      const nameRule = checkUsername(username);
      if (nameRule) await fail(nameRule, { username });
      if (body.password.length < MIN_PASSWORD_LENGTH)
        throw badRequest(SignupErrors.passwordTooShort);
      const timeZone = parseTimeZone(body.timeZone) ?? "UTC";
      if (await repo.findByEmail(db, email)) throw new HttpError(409, SignupErrors.emailTaken);
      if (await repo.findByUsernameKey(db, usernameKey(username))) {
        await fail(
          { status: 409, error: SignupErrors.usernameTaken, event: "signup existing username" },
          { username },
        );
      }
      const row = await create({
        id: randomUUID(),
        username,
        usernameKey: usernameKey(username),
        email,
        passwordHash: await hash(body.password),
        gender: body.gender,
        dob: body.dob,
        location: body.location,
        language: body.language,
        occupation: body.occupation,
        field: body.field,
        timeZone,
      });
      return session(row);
    },

    async login(userEmail, password, timeZone) {
      const zone = zoneHint(timeZone);
      const row = await repo.findByEmail(db, normaliseEmail(userEmail));
      if (!row) {
        await verify(await DUMMY_HASH, password);
        throw unauthorized(LoginErrors.invalid);
      }
      if (!row.passwordHash) throw unauthorized(LoginErrors.googleOnly);
      if (!(await verify(row.passwordHash, password))) throw unauthorized(LoginErrors.invalid);
      return session(await noteZone(row, zone));
    },

    async googleLogin(credential, timeZone) {
      const zone = zoneHint(timeZone);
      const id = await deps.google(credential);
      const row =
        (await repo.findByGoogleSub(db, id.sub)) ?? (await repo.findByEmail(db, id.email));
      if (!row) throw notFound(LoginErrors.noGoogleAccount);
      return session(await noteZone(await linkGoogle(row, id.sub), zone));
    },

    async googleSignup(credential, timeZone) {
      // Like signup, but an existing account only takes the zone as a login hint.
      const zone = parseTimeZone(timeZone);
      const id = await deps.google(credential);
      const existing =
        (await repo.findByGoogleSub(db, id.sub)) ?? (await repo.findByEmail(db, id.email));
      if (existing) {
        return {
          created: false,
          body: await session(await noteZone(await linkGoogle(existing, id.sub), zone)),
        };
      }
      const base = deriveUsername(id.name || id.email.split("@")[0] || "");
      let row: AccountRow | undefined;
      for (let attempt = 0; !row && attempt < 8; attempt++) {
        const username = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
        const r = await repo.insertAccount(db, {
          id: randomUUID(),
          username,
          usernameKey: usernameKey(username),
          email: id.email,
          googleSub: id.sub,
          timeZone: zone ?? "UTC",
          // Google has verified the address, which is what the verification reward pays for.
          emailVerified: true,
        });
        if (r.ok) row = r.row;
        else if (r.clash === "email") {
          const raced = await repo.findByEmail(db, id.email);
          if (raced) return { created: false, body: await session(raced) };
        }
      }
      if (!row) throw new HttpError(409, SignupErrors.usernameTaken);
      await deps.coins.grant({
        accountId: row.id,
        amount: EMAIL_VERIFICATION_REWARD,
        key: EMAIL_VERIFICATION_REWARD_KEY(row.id),
        reason: "email verified (Google)",
      });
      return { created: true, body: await session(await this.get(row.id)) };
    },

    async get(userId) {
      const row = await repo.findById(db, userId);
      if (!row) throw notFound(LoginErrors.userNotFound);
      return row;
    },
  };

  async function linkGoogle(row: AccountRow, sub: string): Promise<AccountRow> {
    if (row.googleSub === sub) return row;
    // An address Google has verified may be linked to the password account that owns it;
    // that verifies the email, which earns the (once only) verification reward.
    const linked =
      (await repo.updateAccount(db, row.id, { googleSub: sub, emailVerified: true })) ?? row;
    if (!row.emailVerified) {
      await deps.coins.grant({
        accountId: row.id,
        amount: EMAIL_VERIFICATION_REWARD,
        key: EMAIL_VERIFICATION_REWARD_KEY(row.id),
        reason: "email verified (Google)",
      });
      return (await repo.findById(db, row.id)) ?? linked;
    }
    return linked;
  }
}
