// Development mailbox: the outbox as an HTML page with clickable links, and as JSON (newest
// first) for browser tests. Registered only outside production.
import { Type as T } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/database.ts";
import { listOutbox } from "./mail.repository.ts";

const OutboxMessage = T.Object({
  id: T.Integer(),
  to: T.String(),
  subject: T.String(),
  text: T.String(),
  html: T.String(),
  createdAt: T.String(),
});

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (s: string) =>
  escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);

export async function devMailboxRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get(
    "/dev/mailbox.json",
    { schema: { response: { 200: T.Array(OutboxMessage) } } },
    async () => listOutbox(opts.db),
  );
  app.get("/dev/mailbox", async (_request, reply) => {
    const messages = await listOutbox(opts.db);
    const items = messages
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p><b>To:</b> ${escapeHtml(m.to)} · <time>${m.createdAt}</time></p>
<pre>${linkify(m.text)}</pre></article>`,
      )
      .join("\n<hr>\n");
    return reply
      .type("text/html; charset=utf-8")
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:sans-serif;max-width:50rem;margin:2rem auto}pre{white-space:pre-wrap}</style>
</head><body><h1>Dev mailbox (${messages.length})</h1>
${items || "<p>No messages yet.</p>"}</body></html>`);
  });
}
