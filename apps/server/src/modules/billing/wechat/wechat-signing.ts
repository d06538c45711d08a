// WeChat Pay API v3 cryptography with node's crypto: the merchant's request signature
// (WECHATPAY2-SHA256-RSA2048), the platform's response/notification signature, and the
// AEAD_AES_256_GCM envelope of notification resources.
import {
  createCipheriv,
  createDecipheriv,
  createSign,
  createVerify,
  randomBytes,
} from "node:crypto";

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function nonce(): string {
  return randomBytes(16).toString("hex");
}

function rsaSign(message: string, privateKeyPem: string): string {
  return createSign("RSA-SHA256").update(message).sign(privateKeyPem, "base64");
}

function rsaVerify(message: string, signature: string, publicKeyPem: string): boolean {
  try {
    return createVerify("RSA-SHA256").update(message).verify(publicKeyPem, signature, "base64");
  } catch {
    return false;
  }
}

export interface MerchantKey {
  mchId: string;
  serial: string;
  privateKeyPem: string;
}

/** The Authorization header of a merchant request. `path` includes the query string. */
export function authorization(
  key: MerchantKey,
  method: string,
  path: string,
  body: string,
  nowSec: number,
  nonceStr = nonce(),
): string {
  const signature = rsaSign(
    `${method}\n${path}\n${nowSec}\n${nonceStr}\n${body}\n`,
    key.privateKeyPem,
  );
  return `WECHATPAY2-SHA256-RSA2048 mchid="${key.mchId}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${nowSec}",serial_no="${key.serial}"`;
}

/** Reads the fields of an Authorization header (the stand-in checks the merchant's). */
export function parseAuthorization(header: string): Record<string, string> | undefined {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
  if (!m?.[1]) return undefined;
  const out: Record<string, string> = {};
  for (const part of m[1].matchAll(/(\w+)="([^"]*)"/g)) out[part[1] as string] = part[2] as string;
  return out;
}

export function verifyRequest(
  header: string,
  method: string,
  path: string,
  body: string,
  publicKeyPem: string,
  nowSec: number,
): boolean {
  const a = parseAuthorization(header);
  if (!a?.signature || !a.timestamp || !a.nonce_str) return false;
  if (Math.abs(nowSec - Number(a.timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  return rsaVerify(
    `${method}\n${path}\n${a.timestamp}\n${a.nonce_str}\n${body}\n`,
    a.signature,
    publicKeyPem,
  );
}

export interface PlatformHeaders {
  "wechatpay-timestamp": string;
  "wechatpay-nonce": string;
  "wechatpay-signature": string;
  "wechatpay-serial": string;
}

/** Headers the platform puts on responses and notifications. */
export function platformHeaders(
  body: string,
  privateKeyPem: string,
  serial: string,
  nowSec: number,
): PlatformHeaders {
  const n = nonce();
  return {
    "wechatpay-timestamp": String(nowSec),
    "wechatpay-nonce": n,
    "wechatpay-signature": rsaSign(`${nowSec}\n${n}\n${body}\n`, privateKeyPem),
    "wechatpay-serial": serial,
  };
}

export type VerifyOutcome = "ok" | "missing" | "stale" | "serial" | "signature";

/** Checks a platform signature: the serial we trust, a timestamp within 5 minutes, RSA. */
export function verifyPlatform(
  headers: Record<string, string | string[] | undefined>,
  body: string,
  publicKeyPem: string,
  serial: string,
  nowSec: number,
): VerifyOutcome {
  const h = (k: string) => {
    const v = headers[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const ts = h("wechatpay-timestamp");
  const n = h("wechatpay-nonce");
  const sig = h("wechatpay-signature");
  if (!ts || !n || !sig) return "missing";
  if (!/^\d+$/.test(ts) || Math.abs(nowSec - Number(ts)) > SIGNATURE_TOLERANCE_SECONDS)
    return "stale";
  if (h("wechatpay-serial") !== serial) return "serial";
  return rsaVerify(`${ts}\n${n}\n${body}\n`, sig, publicKeyPem) ? "ok" : "signature";
}

export interface EncryptedResource {
  algorithm: "AEAD_AES_256_GCM";
  ciphertext: string;
  associated_data: string;
  nonce: string;
  original_type?: string;
}

export function decryptResource(r: EncryptedResource, apiV3Key: string): string {
  if (r.algorithm !== "AEAD_AES_256_GCM") throw new Error(`unsupported algorithm ${r.algorithm}`);
  const data = Buffer.from(r.ciphertext, "base64");
  const decipher = createDecipheriv("aes-256-gcm", Buffer.from(apiV3Key), Buffer.from(r.nonce));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(r.associated_data ?? ""));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]).toString("utf8");
}

export function encryptResource(
  plaintext: string,
  apiV3Key: string,
  associatedData: string,
): EncryptedResource {
  const n = randomBytes(6).toString("hex"); // 12 characters, as WeChat's nonces
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(apiV3Key), Buffer.from(n));
  cipher.setAAD(Buffer.from(associatedData));
  const body = Buffer.concat([
    cipher.update(plaintext, "utf8"),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return {
    algorithm: "AEAD_AES_256_GCM",
    ciphertext: body.toString("base64"),
    associated_data: associatedData,
    nonce: n,
    original_type: "transaction",
  };
}
