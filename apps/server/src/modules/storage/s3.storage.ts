// S3-compatible object storage over plain fetch + SigV4 (sigv4.ts), path-style addressing so
// it works with MinIO and other self-hosted stores as well as AWS.
//
// STORAGE_URL=s3://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]?region=us-east-1&tls=false
// (tls defaults to true; region to us-east-1; key and secret URL-encoded).
import { type Credentials, EMPTY_SHA256, sha256Hex, signRequest, uriEncode } from "./sigv4.ts";
import { assertKey, type ObjectStorage } from "./storage.types.ts";

export interface S3Location {
  endpoint: string;
  bucket: string;
  prefix: string;
  credentials: Credentials;
}

/** Throws an Error naming what is wrong (config.ts turns it into a ConfigError). */
export function parseS3Url(raw: string): S3Location {
  const u = new URL(raw);
  if (u.protocol !== "s3:") throw new Error("must start with s3://");
  const accessKeyId = decodeURIComponent(u.username);
  const secretAccessKey = decodeURIComponent(u.password);
  if (!accessKeyId || !secretAccessKey) throw new Error("needs ACCESS_KEY:SECRET@ before the host");
  const [bucket, ...rest] = u.pathname.replace(/^\/+|\/+$/g, "").split("/");
  if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,62}$/.test(bucket)) {
    throw new Error("needs a bucket name as the first path segment (s3://…@host/bucket)");
  }
  const tls = u.searchParams.get("tls") ?? "true";
  if (tls !== "true" && tls !== "false") throw new Error("tls must be true or false");
  return {
    endpoint: `${tls === "true" ? "https" : "http"}://${u.host}`,
    bucket,
    prefix: rest.filter(Boolean).join("/"),
    credentials: {
      accessKeyId,
      secretAccessKey,
      region: u.searchParams.get("region") ?? "us-east-1",
    },
  };
}

export function createS3Storage(loc: S3Location, now: () => number = Date.now): ObjectStorage {
  const objectUrl = (key: string) => {
    assertKey(key);
    const full = loc.prefix ? `${loc.prefix}/${key}` : key;
    return new URL(`${loc.endpoint}/${uriEncode(loc.bucket, false)}/${uriEncode(full, true)}`);
  };
  async function send(method: string, key: string, body?: Uint8Array, contentType?: string) {
    const url = objectUrl(key);
    const payloadHash = body ? sha256Hex(body) : EMPTY_SHA256;
    const extra: Record<string, string> = contentType ? { "content-type": contentType } : {};
    const headers = signRequest(
      loc.credentials,
      { method, url, headers: extra, payloadHash },
      now(),
    );
    delete headers.host; // fetch sets it (same value, signed above)
    return fetch(url, { method, headers, body: body ? Buffer.from(body) : undefined });
  }
  const fail = async (what: string, res: Response) => {
    const text = (await res.text()).slice(0, 300);
    return new Error(`S3 ${what} failed: ${res.status} ${text}`);
  };
  return {
    description: `s3 ${loc.endpoint}/${loc.bucket}${loc.prefix ? `/${loc.prefix}` : ""}`,
    async put(key, bytes, contentType) {
      const res = await send("PUT", key, bytes, contentType);
      if (!res.ok) throw await fail(`PUT ${key}`, res);
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await send("GET", key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) throw await fail(`GET ${key}`, res);
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await send("DELETE", key);
      if (!res.ok && res.status !== 404) throw await fail(`DELETE ${key}`, res);
      await res.arrayBuffer();
    },
  };
}
