// One mailer for the whole server: SMTP (nodemailer) when SMTP_URL is set, otherwise the
// outbox table, readable at /dev/mailbox outside production and by admins in the console, and
// printed to the server log with its links: a default install has no SMTP server, and a
// newcomer must still be able to verify their email.
import nodemailer from "nodemailer";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/database.ts";
import { insertOutbox } from "./mail.repository.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  readonly kind: "smtp" | "outbox";
  /** Rejects with MailError when the message could not be handed over. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export class MailError extends Error {}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(m) {
      try {
        await transport.sendMail({
          from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          replyTo: m.replyTo,
        });
      } catch (err) {
        throw new MailError((err as Error).message);
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** The addresses in a mail's text, in order, once each: what a reader of the log needs. */
export function mailLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

export interface OutboxLog {
  warn(obj: object, msg: string): void;
}

export function createOutboxMailer(db: Db, clock: Clock, log?: OutboxLog): Mailer {
  return {
    kind: "outbox",
    async send(m) {
      await insertOutbox(db, { ...m, createdAt: clock() });
      const links = mailLinks(m.text);
      log?.warn(
        { mail: { to: m.to, subject: m.subject, links } },
        `MAIL NOT SENT (no SMTP_URL), kept in the outbox: "${m.subject}" to ${m.to}${
          links.length ? ` — ${links.join(" ")}` : ""
        }`,
      );
    },
    async close() {},
  };
}
