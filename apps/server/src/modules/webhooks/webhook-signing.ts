// Stripe's scheme: `Studio-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
// The receiver recomputes the HMAC over the raw body, compares in constant time and refuses
// timestamps older than its tolerance (5 min), which stops replays (decision 1003).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Studio-Signature";
export const TOLERANCE_SECONDS = 300;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64url")}`;
}

export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

/** what a receiver runs (the typed client ships the same function) */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds = TOLERANCE_SECONDS,
): boolean {
  const parts = new Map<string, string[]>();
  for (const item of header.split(",")) {
    const [k, v] = item.split("=", 2);
    if (!k || !v) continue;
    parts.set(k.trim(), [...(parts.get(k.trim()) ?? []), v.trim()]);
  }
  const t = Number(parts.get("t")?.[0]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(
    createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"),
    "utf8",
  );
  return (parts.get("v1") ?? []).some((v) => {
    const given = Buffer.from(v, "utf8");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
