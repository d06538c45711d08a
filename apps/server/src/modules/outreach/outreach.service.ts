// User feedback to the team and referral invitations to friends, both through the mailer.
import type { Config } from "../../config.ts";
import { badRequest, forbidden } from "../../http/http-error.ts";
import type { AccountRow } from "../accounts/accounts.repository.ts";
import { escapeHtml, mailFailure } from "../accounts/email-verification.service.ts";
import { isValidEmail, normaliseEmail } from "../accounts/signup-rules.ts";
import type { Mailer } from "../mail/mailer.ts";

export const MAX_INVITEES = 10;

export const OutreachErrors = {
  notYourEmail: "You can only send invitations from your own email address.",
  noInvitee: "Please enter at least one email address.",
  tooManyInvitees: `You can invite at most ${MAX_INVITEES} people at a time.`,
  selfInvite: "You cannot invite yourself.",
  invalidInvitee: (e: string) => `Invalid email address: ${e}`,
} as const;

/** Splits the comma-separated list, checks each address and drops duplicates. */
export function parseInvitees(raw: string, self: string): string[] {
  const list = [
    ...new Set(
      raw
        .split(",")
        .map(normaliseEmail)
        .filter((e) => e !== ""),
    ),
  ];
  if (list.length === 0) throw badRequest(OutreachErrors.noInvitee);
  if (list.length > MAX_INVITEES) throw badRequest(OutreachErrors.tooManyInvitees);
  for (const e of list) {
    if (!isValidEmail(e)) throw badRequest(OutreachErrors.invalidInvitee(e));
    if (e === self) throw badRequest(OutreachErrors.selfInvite);
  }
  return list;
}

export function createOutreachService(deps: { mailer: Mailer; config: Config }) {
  const { mailer, config } = deps;
  async function send(m: Parameters<Mailer["send"]>[0]) {
    try {
      await mailer.send(m);
    } catch (err) {
      throw mailFailure(err);
    }
  }
  return {
    async feedback(account: AccountRow, userName: string, feedback: string): Promise<void> {
      await send({
        to: config.feedbackEmail,
        replyTo: account.email,
        subject: `User feedback from ${userName}`,
        text: `From: ${userName} <${account.email}> (user ${account.id})\n\n${feedback}\n`,
        html: `<p>From: ${escapeHtml(userName)} &lt;${escapeHtml(account.email)}&gt; (user ${account.id})</p><pre>${escapeHtml(feedback)}</pre>`,
      });
    },

    async invite(
      account: AccountRow,
      userName: string,
      userEmail: string,
      inviteeEmail: string,
    ): Promise<number> {
      if (normaliseEmail(userEmail) !== account.email) throw forbidden(OutreachErrors.notYourEmail);
      const invitees = parseInvitees(inviteeEmail, account.email);
      const link = `${config.publicUrl}/?ref=${encodeURIComponent(account.email)}`;
      for (const to of invitees) {
        await send({
          to,
          replyTo: account.email,
          subject: `${userName} invited you to Photoshoot Studio`,
          text: `${userName} (${account.email}) invites you to create product photos with AI.\n\nSign up here: ${link}\nUse ${account.email} as your referral email to get free Coins.\n`,
          html: `<p>${escapeHtml(userName)} (${escapeHtml(account.email)}) invites you to create product photos with AI.</p><p><a href="${link}">Sign up here</a> and use ${escapeHtml(account.email)} as your referral email to get free Coins.</p>`,
        });
      }
      return invitees.length;
    },
  };
}

export type OutreachService = ReturnType<typeof createOutreachService>;
