// AWS Signature Version 4 for S3-compatible object storage (AWS, MinIO, R2, Ceph, …), written
// against the published algorithm with node:crypto so nothing beyond fetch is needed:
// https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
import { createHash, createHmac } from "node:crypto";

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export const sha256Hex = (data: Uint8Array | string) =>
  createHash("sha256").update(data).digest("hex");

const hmac = (key: Uint8Array | string, data: string) =>
  createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export function uriEncode(s: string, keepSlash: boolean): string {
  let out = "";
  for (const byte of Buffer.from(s, "utf8")) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === "/")) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** `20130524T000000Z` */
export function amzDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[:-]|\.\d{3}/g, "");
}

export function signingKey(secret: string, day: string, region: string, service: string) {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), "aws4_request");
}

export interface CanonicalInput {
  method: string;
  /** already URI-encoded path, e.g. `/bucket/a%20b.jpg` */
  encodedPath: string;
  /** decoded query pairs */
  query: [string, string][];
  /** header names in any case; values as sent */
  headers: Record<string, string>;
  signedHeaders: string[];
  payloadHash: string;
}

export function canonicalRequest(c: CanonicalInput): string {
  const query = c.query
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const lower = new Map(Object.entries(c.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const names = [...c.signedHeaders].map((h) => h.toLowerCase()).sort();
  const headerLines = names
    .map((n) => `${n}:${(lower.get(n) ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  return [
    c.method.toUpperCase(),
    c.encodedPath || "/",
    query,
    headerLines,
    names.join(";"),
    c.payloadHash,
  ].join("\n");
}

export function signature(
  creds: Credentials,
  date: string,
  canonical: string,
): { signature: string; scope: string } {
  const day = date.slice(0, 8);
  const service = creds.service ?? "s3";
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", date, scope, sha256Hex(canonical)].join("\n");
  const key = signingKey(creds.secretAccessKey, day, creds.region, service);
  return { signature: createHmac("sha256", key).update(toSign).digest("hex"), scope };
}

/**
 * Headers to send with a request: the caller's headers plus host, x-amz-date,
 * x-amz-content-sha256 and Authorization. Every header passed in is signed.
 */
export function signRequest(
  creds: Credentials,
  req: { method: string; url: URL; headers?: Record<string, string>; payloadHash: string },
  nowMs: number,
): Record<string, string> {
  const date = amzDate(nowMs);
  const headers: Record<string, string> = {
    ...req.headers,
    host: req.url.host,
    "x-amz-date": date,
    "x-amz-content-sha256": req.payloadHash,
  };
  const signedHeaders = Object.keys(headers).map((h) => h.toLowerCase());
  const canonical = canonicalRequest({
    method: req.method,
    encodedPath: req.url.pathname,
    query: [...req.url.searchParams.entries()],
    headers,
    signedHeaders,
    payloadHash: req.payloadHash,
  });
  const { signature: sig, scope } = signature(creds, date, canonical);
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders.sort().join(";")}, Signature=${sig}`;
  return headers;
}
