// What an API key looks like: `psk_` + 40 base62 characters (238 bits from the CSPRNG). Only
// its SHA-256 is stored: a key that random cannot be guessed from its hash, so a slow password
// hash would only slow every request down (decision 1000). The first 12 characters are kept
// in clear as the prefix the account page shows.
import { createHash, randomBytes } from "node:crypto";

export const KEY_PREFIX = "psk_";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BODY_LENGTH = 40;
const SHOWN = 12;
const SHAPE = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH}}$`);

export function newApiKey(): { key: string; prefix: string; hash: string } {
  let body = "";
  while (body.length < BODY_LENGTH) {
    for (const byte of randomBytes(64)) {
      // 248 = 4 × 62: dropping 248..255 keeps every character equally likely
      if (byte < 248 && body.length < BODY_LENGTH) body += ALPHABET[byte % 62];
    }
  }
  const key = `${KEY_PREFIX}${body}`;
  return { key, prefix: key.slice(0, SHOWN), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** true when the text has the shape of an API key (a session token never does) */
export function looksLikeApiKey(text: string): boolean {
  return SHAPE.test(text);
}
