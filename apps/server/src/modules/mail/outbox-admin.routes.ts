// GET /api/admin/outbox: the mail kept in the outbox (no SMTP_URL), newest first, for admins in
// the console. /dev/mailbox is off in production; an operator still needs to read what the
// server could not send. Admin only, like the rest of /api/admin.
import { Type as T } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/database.ts";
import { requireAdmin } from "../admin/admin.routes.ts";
import { listOutbox } from "./mail.repository.ts";

const OutboxMessage = T.Object({
  id: T.Integer(),
  to: T.String(),
  subject: T.String(),
  text: T.String(),
  createdAt: T.String(),
});

export async function outboxAdminRoutes(
  app: FastifyInstance,
  opts: { db: Db; admins: ReadonlySet<string>; smtp: boolean },
) {
  app.get(
    "/api/admin/outbox",
    {
      schema: {
        response: { 200: T.Object({ smtp: T.Boolean(), messages: T.Array(OutboxMessage) }) },
      },
    },
    async (request) => {
      requireAdmin(request, opts.admins);
      // the html body is the same mail as the text; the console shows the text with its links
      const messages = (await listOutbox(opts.db, 100)).map(({ html: _html, ...m }) => m);
      return { smtp: opts.smtp, messages };
    },
  );
}
