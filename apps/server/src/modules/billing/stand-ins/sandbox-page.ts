// The frame of every stand-in page a person sees: plainly marked TEST MODE, readable on a
// phone, its buttons posting plain forms. Text is escaped; nothing here is the product's own UI.
import type { FastifyInstance } from "fastify";

/** The pages' buttons post plain HTML forms: their bodies arrive as flat objects. */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

export function escapeHtml(s: unknown): string {
  return String(s ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

export function sandboxPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f7fb;color:#1e293b}
main{max-width:34rem;margin:0 auto;padding:1.25rem}
.badge{display:inline-block;background:#f59e0b;color:#1e293b;font-weight:700;padding:.2rem .6rem;border-radius:999px;font-size:.8rem;letter-spacing:.05em}
.card{background:#fff;border-radius:1rem;padding:1.25rem;box-shadow:0 1px 3px #0002;margin-top:1rem}
label{display:block;font-size:.9rem;margin:.75rem 0 .25rem}
input{width:100%;box-sizing:border-box;font-size:1rem;padding:.6rem;border:1px solid #cbd5e1;border-radius:.5rem}
button{font-size:1rem;padding:.6rem 1rem;border:0;border-radius:.6rem;background:#4f46e5;color:#fff;cursor:pointer;margin:.25rem .25rem 0 0}
button.secondary{background:#e2e8f0;color:#1e293b}
.error{color:#be123c;font-weight:600}.muted{color:#64748b;font-size:.9rem}
table{width:100%;border-collapse:collapse;font-size:.85rem}td,th{word-break:break-all;text-align:left;padding:.35rem;border-bottom:1px solid #e2e8f0;vertical-align:top}
</style></head><body><main><span class="badge">TEST MODE</span>${body}</main></body></html>`;
}
