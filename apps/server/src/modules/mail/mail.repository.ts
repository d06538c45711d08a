import { desc } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { mailOutbox } from "./mail.tables.ts";

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** ISO 8601 */
  createdAt: string;
}

export async function insertOutbox(
  db: Db,
  m: { to: string; subject: string; text: string; html: string; createdAt: number },
): Promise<void> {
  await db.insert(mailOutbox).values({
    recipient: m.to,
    subject: m.subject,
    textBody: m.text,
    htmlBody: m.html,
    createdAt: m.createdAt,
  });
}

/** Newest first. */
export async function listOutbox(db: Db, limit = 200): Promise<OutboxMessage[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.recipient,
    subject: r.subject,
    text: r.textBody,
    html: r.htmlBody,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}
