// Email verification: a single-use, expiring link sent through the mailer; following it
// marks the email verified and grants the 40-coin reward exactly once per account (ledger key
// `email-verified:<account>`), however many links were sent.
import { createHash, randomBytes } from "node:crypto";
import { Messages } from "@studio/contracts";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { badRequest, conflict, HttpError } from "../../http/http-error.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import { MailError, type Mailer } from "../mail/mailer.ts";
import * as repo from "./accounts.repository.ts";
import { EMAIL_VERIFICATION_REWARD, EMAIL_VERIFICATION_REWARD_KEY } from "./accounts.service.ts";
import { normaliseEmail } from "./signup-rules.ts";

export const VerificationErrors = {
  emailMismatch: "This email does not match your account.",
  alreadyVerified: "Your email is already verified.",
  linkUnknown: "This verification link is not valid.",
  linkUsed: "This verification link has already been used.",
  linkExpired: "This verification link has expired. Please request a new one.",
} as const;

export interface VerifyOutcome {
  message: string;
  credits: number;
  rewarded: boolean;
}

export interface EmailVerificationService {
  send(accountId: string, email: string): Promise<void>;
  verify(token: string): Promise<VerifyOutcome>;
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** The client shows `Uh oh we are getting issue with sending the email, {error}` around this. */
export function mailFailure(err: unknown): HttpError {
  const reason = err instanceof MailError ? err.message : "unknown error";
  return new HttpError(502, `the mail server did not accept the message (${reason})`);
}

export function createEmailVerificationService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  coins: CoinsService;
}): EmailVerificationService {
  const { db, clock, config } = deps;
  return {
    async send(accountId, email) {
      const row = await repo.findById(db, accountId);
      if (!row) throw new HttpError(404, "User not found");
      if (row.email !== normaliseEmail(email)) throw badRequest(VerificationErrors.emailMismatch);
      if (row.emailVerified) throw conflict(VerificationErrors.alreadyVerified);
      const token = randomBytes(32).toString("base64url");
      await repo.insertVerification(db, {
        tokenHash: sha256(token),
        accountId,
        email: row.email,
        expiresAt: clock() + config.emailVerificationTtlSeconds * 1000,
      });
      const link = `${config.publicUrl}/api/verify-email?token=${token}`;
      const hours = Math.round(config.emailVerificationTtlSeconds / 3600);
      try {
        await deps.mailer.send({
          to: row.email,
          subject: "Verify your email for Photoshoot Studio",
          text: `Hi ${row.username},\n\nPlease verify your email by opening this link:\n${link}\n\nWe will apply ${EMAIL_VERIFICATION_REWARD} Coins to your account. The link works once and expires in ${hours} hours.\n`,
          html: `<p>Hi ${escapeHtml(row.username)},</p><p>Please verify your email: <a href="${link}">${link}</a></p><p>We will apply ${EMAIL_VERIFICATION_REWARD} Coins to your account. The link works once and expires in ${hours} hours.</p>`,
        });
      } catch (err) {
        throw mailFailure(err);
      }
    },

    async verify(token) {
      const tokenHash = sha256(token);
      const now = clock();
      const used = await db.transaction(async (tx) => {
        const v = await repo.consumeVerification(tx, tokenHash, now);
        if (!v) return null;
        await repo.updateAccount(tx, v.accountId, { emailVerified: true });
        const grant = await deps.coins.grant(
          {
            accountId: v.accountId,
            amount: EMAIL_VERIFICATION_REWARD,
            key: EMAIL_VERIFICATION_REWARD_KEY(v.accountId),
            reason: "email verified",
          },
          tx,
        );
        return { credits: grant.balance, rewarded: grant.applied };
      });
      if (used) return { message: Messages.verificationSuccess, ...used };
      const v = await repo.findVerification(db, tokenHash);
      if (!v) throw badRequest(VerificationErrors.linkUnknown);
      if (v.usedAt !== null) throw new HttpError(410, VerificationErrors.linkUsed);
      throw new HttpError(410, VerificationErrors.linkExpired);
    },
  };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
