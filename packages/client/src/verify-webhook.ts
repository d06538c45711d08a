// Checks a webhook delivery: `Studio-Signature: t=<unix s>,v1=<hex HMAC-SHA256(secret, "t.body")>`
// over the RAW body (before any JSON parsing), in constant time, refusing timestamps more than
// `toleranceSeconds` away (replays). Answers the parsed event, or throws.
import { createHmac, timingSafeEqual } from "node:crypto";

export interface StudioWebhookEvent {
  id: string;
  type: "generation.done" | "generation.failed" | "batch.done" | "video.done" | "video.failed";
  created: number;
  data: {
    generation?: {
      id: string;
      status: "done" | "failed";
      imageCount: number;
      delivered: number;
      error: string | null;
      batchId: string | null;
    };
    batch?: { id: string; status: string; total: number; done: number; failed: number };
    video?: {
      id: string;
      status: "done" | "failed";
      seconds: number;
      aspect: string;
      error: string | null;
    };
  };
}

export function verifyWebhook(
  rawBody: string | Buffer,
  signatureHeader: string | undefined,
  secret: string,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): StudioWebhookEvent {
  const body = typeof rawBody === "string" ? rawBody : rawBody.toString("utf8");
  const fields = (signatureHeader ?? "").split(",").map((p) => p.trim().split("=", 2));
  const t = Number(fields.find(([k]) => k === "t")?.[1]);
  if (!Number.isInteger(t)) throw new Error("webhook: no timestamp in Studio-Signature");
  if (Math.abs(nowSeconds - t) > toleranceSeconds) throw new Error("webhook: timestamp too old");
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  const ok = fields.some(([k, v]) => {
    if (k !== "v1" || !v) return false;
    const given = Buffer.from(v);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw new Error("webhook: signature does not match");
  return JSON.parse(body) as StudioWebhookEvent;
}
