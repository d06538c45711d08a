// The account side's services (tokens, mail, coins, analytics, accounts, verification,
// giveaway, outreach, login protection): built first, because every other module takes some
// of them. Only the API process builds these; the worker needs coins alone (worker-process.ts).
import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import { createTokenService, type TokenService } from "../auth/token.service.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import {
  type AccountsService,
  createAccountsService,
} from "../modules/accounts/accounts.service.ts";
import {
  createEmailVerificationService,
  type EmailVerificationService,
} from "../modules/accounts/email-verification.service.ts";
import { createGoogleVerifier } from "../modules/accounts/google-verifier.ts";
import {
  type AnalyticsService,
  createAnalyticsService,
} from "../modules/analytics/analytics.service.ts";
import { type CoinsService, createCoinsService } from "../modules/coins/coins.service.ts";
import { createGiveawayService, type GiveawayService } from "../modules/coins/giveaway.service.ts";
import {
  createLoginGuard,
  type LoginGuard,
} from "../modules/login-protection/login-guard.service.ts";
import {
  createOutboxMailer,
  createSmtpMailer,
  type Mailer,
  type OutboxLog,
} from "../modules/mail/mailer.ts";
import {
  createOutreachService,
  type OutreachService,
} from "../modules/outreach/outreach.service.ts";

export const GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";

export interface CoreServicesDeps {
  config: Config;
  database: Database;
  /** Default: SMTP when config.smtpUrl is set, else the outbox table. */
  mailer?: Mailer;
  /** Key source for Google ID tokens. Default: Google's JWKS (fetched lazily, cached). */
  googleKeys?: JWTVerifyGetKey;
  /** Default: Date.now. */
  clock?: Clock;
}

export interface CoreServices {
  config: Config;
  database: Database;
  clock: Clock;
  tokens: TokenService;
  mailer: Mailer;
  coins: CoinsService;
  analytics: AnalyticsService;
  accounts: AccountsService;
  verification: EmailVerificationService;
  giveaway: GiveawayService;
  outreach: OutreachService;
  loginGuard: LoginGuard;
}

/** `log` receives the mail kept in the outbox (no SMTP_URL), so that it shows in the log. */
export function createCoreServices(deps: CoreServicesDeps, log?: OutboxLog): CoreServices {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(database.db, clock, log));
  const db = database.db;
  const tokens = createTokenService(config.jwtSecret, config.tokenTtlSeconds, clock);
  const coins = createCoinsService(db);
  const analytics = createAnalyticsService(db, clock, {
    maxEvents: config.analyticsMaxEvents,
    pruneEvery: Math.min(1000, config.analyticsMaxEvents),
  });
  const googleKeys = deps.googleKeys ?? createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));
  const google = createGoogleVerifier(config.googleClientId, googleKeys, clock);
  return {
    config,
    database,
    clock,
    tokens,
    mailer,
    coins,
    analytics,
    accounts: createAccountsService({ db, clock, tokens, coins, analytics, google }),
    verification: createEmailVerificationService({ db, clock, config, mailer, coins }),
    giveaway: createGiveawayService(db, coins, clock),
    outreach: createOutreachService({ mailer, config }),
    loginGuard: createLoginGuard({ database, clock, mailer, publicUrl: config.publicUrl }),
  };
}
