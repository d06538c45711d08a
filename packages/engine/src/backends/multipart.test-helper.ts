// The backend tests' protocol servers: one stand-in HTTP server per test, and a minimal
// multipart/form-data reader for what the backend sends it.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

/** Call at the top of a test file: listen(handler) serves one test and answers its base URL; it is closed after the test. */
export function serverPerTest(): (handler: Parameters<typeof createServer>[1]) => Promise<string> {
  let server: Server | null = null;
  afterEach(() => {
    server?.close();
    server = null;
  });
  return (handler) => {
    const s = createServer(handler);
    server = s;
    return new Promise((resolve) =>
      s.listen(0, "127.0.0.1", () =>
        resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`),
      ),
    );
  };
}

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function readMultipart(req: IncomingMessage): Promise<Map<string, Part>> {
  const type = req.headers["content-type"] ?? "";
  const m = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  if (!type.startsWith("multipart/form-data") || !m) throw new Error(`not multipart: ${type}`);
  const boundary = Buffer.from(`--${m[1] ?? m[2]}`);
  const body = await readBody(req);
  const parts = new Map<string, Part>();
  let pos = body.indexOf(boundary);
  while (pos >= 0) {
    const start = pos + boundary.length;
    if (body.subarray(start, start + 2).toString() === "--") break;
    const next = body.indexOf(boundary, start);
    if (next < 0) break;
    const part = body.subarray(start + 2, next - 2); // skip CRLF after boundary and before next
    const split = part.indexOf("\r\n\r\n");
    const head = part.subarray(0, split).toString("utf8");
    const data = part.subarray(split + 4);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? "";
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const contentType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
    parts.set(name, { name, filename, contentType, data: Buffer.from(data) });
    pos = next;
  }
  return parts;
}
