// Referral: a non-empty comma-separated list of emails, at most 10 (the API's cap).
export const MAX_INVITES = 10;
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

export type ParsedInvites =
  | { ok: true; emails: string[] }
  | { ok: false; reason: "empty" | "invalid" | "tooMany"; bad?: string };

export function parseInvites(raw: string): ParsedInvites {
  const emails = raw
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  if (emails.length === 0) return { ok: false, reason: "empty" };
  const bad = emails.find((e) => !EMAIL.test(e));
  if (bad) return { ok: false, reason: "invalid", bad };
  const unique = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (unique.length > MAX_INVITES) return { ok: false, reason: "tooMany" };
  return { ok: true, emails: unique };
}
