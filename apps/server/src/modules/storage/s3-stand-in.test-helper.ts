// A small S3 stand-in for tests: speaks PUT/GET/DELETE Object (path-style) and refuses any
// request whose SigV4 signature, credential scope or payload hash is wrong, as S3 does.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { canonicalRequest, sha256Hex, signature } from "./sigv4.ts";

export interface S3StandIn {
  url: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

function xmlError(code: string) {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3StandIn(opts: {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  bucket: string;
}): Promise<S3StandIn> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: S3StandIn["requests"] = [];
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const [rawPath = "/", rawQuery = ""] = (req.url ?? "/").split("?");
    const reply = (status: number, payload: Buffer | string, type = "application/xml") => {
      requests.push({ method: req.method ?? "", path: rawPath, status });
      res.writeHead(status, { "content-type": type });
      res.end(payload);
    };
    const m = AUTH.exec(String(req.headers.authorization ?? ""));
    const date = String(req.headers["x-amz-date"] ?? "");
    if (!m || m[1] !== opts.accessKeyId) return reply(403, xmlError("InvalidAccessKeyId"));
    if (m[2] !== date.slice(0, 8) || m[3] !== opts.region) {
      return reply(403, xmlError("AuthorizationHeaderMalformed"));
    }
    const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== sha256Hex(body)) return reply(400, xmlError("XAmzContentSHA256Mismatch"));
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k] = String(v);
    const signed = (m[4] ?? "").split(";");
    if (!signed.includes("host") || !signed.includes("x-amz-date")) {
      return reply(403, xmlError("AccessDenied"));
    }
    const query = [...new URLSearchParams(rawQuery).entries()];
    const canonical = canonicalRequest({
      method: req.method ?? "GET",
      encodedPath: rawPath,
      query,
      headers,
      signedHeaders: signed,
      payloadHash,
    });
    const expected = signature(opts, date, canonical).signature;
    if (expected !== m[5]) return reply(403, xmlError("SignatureDoesNotMatch"));
    const prefix = `/${opts.bucket}/`;
    if (!rawPath.startsWith(prefix)) return reply(404, xmlError("NoSuchBucket"));
    const key = decodeURIComponent(rawPath.slice(prefix.length));
    if (req.method === "PUT") {
      objects.set(key, {
        body,
        contentType: String(req.headers["content-type"] ?? "binary/octet-stream"),
      });
      return reply(200, "");
    }
    if (req.method === "GET") {
      const o = objects.get(key);
      return o ? reply(200, o.body, o.contentType) : reply(404, xmlError("NoSuchKey"));
    }
    if (req.method === "DELETE") {
      objects.delete(key);
      return reply(204, "");
    }
    return reply(405, xmlError("MethodNotAllowed"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
