// Stripe's webhook signature scheme (Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.body">),
// used by the stand-in to sign what it sends; the app verifies with the `stripe` package.
import { createHmac } from "node:crypto";

export function stripeSignatureHeader(payload: string, secret: string, nowSec: number): string {
  const v1 = createHmac("sha256", secret).update(`${nowSec}.${payload}`).digest("hex");
  return `t=${nowSec},v1=${v1}`;
}
