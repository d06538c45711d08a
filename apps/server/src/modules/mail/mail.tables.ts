// Drizzle view of drizzle/202611220832_mail_outbox.sql.
import { bigint, bigserial, pgTable, text } from "drizzle-orm/pg-core";

export const mailOutbox = pgTable("mail_outbox", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body").notNull(),
  createdAt: bigint("created_at", { mode: "number" }).notNull(),
});
