// A small multipart/form-data reader: what /upload/image receives (fields "image", "type",
// "subfolder", "overwrite"), without a framework in the stand-in.
import type { IncomingMessage } from "node:http";

export interface Part {
  filename?: string;
  data: Buffer;
}

export async function readBody(req: IncomingMessage, limit = 64 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > limit) throw new Error("body too large");
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readMultipart(req: IncomingMessage): Promise<Map<string, Part>> {
  const type = req.headers["content-type"] ?? "";
  const m = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  if (!type.startsWith("multipart/form-data") || !m) throw new Error("not multipart/form-data");
  const boundary = Buffer.from(`--${m[1] ?? m[2]}`);
  const body = await readBody(req);
  const parts = new Map<string, Part>();
  let pos = body.indexOf(boundary);
  while (pos >= 0) {
    const start = pos + boundary.length;
    if (body.subarray(start, start + 2).toString() === "--") break;
    const next = body.indexOf(boundary, start);
    if (next < 0) break;
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf("\r\n\r\n");
    const head = part.subarray(0, split).toString("utf8");
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? "";
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    parts.set(name, { filename, data: Buffer.from(part.subarray(split + 4)) });
    pos = next;
  }
  return parts;
}
