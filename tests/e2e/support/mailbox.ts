// The server's development outbox (GET /dev/mailbox.json, newest first).
interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Waits for the newest mail to `to` that carries a verify-email link, and returns the link. */
export async function verificationLink(baseURL: string, to: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseURL}/dev/mailbox.json`);
    if (res.ok) {
      const messages = (await res.json()) as OutboxMessage[];
      for (const m of messages) {
        if (m.to.toLowerCase() !== to.toLowerCase()) continue;
        const link = /https?:\/\/\S+\/api\/verify-email\?token=[\w-]+/.exec(m.text)?.[0];
        if (link) return link;
      }
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no verification mail for ${to} within ${timeoutMs} ms`);
}
