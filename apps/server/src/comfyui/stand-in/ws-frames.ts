// The few pieces of RFC 6455 the stand-in's progress socket needs (ComfyUI's /ws sends JSON text
// frames to the client that opened it and never needs to read what the client sends). Written
// here rather than adding a websocket dependency to the server for a development stand-in.
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

const GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

export function acceptKey(key: string): string {
  return createHash("sha1")
    .update(key + GUID)
    .digest("base64");
}

/** Answer the upgrade; false (and a 400) when the request is not a websocket handshake. */
export function acceptUpgrade(req: IncomingMessage, socket: Duplex): boolean {
  const key = req.headers["sec-websocket-key"];
  if (typeof key !== "string" || req.headers.upgrade?.toLowerCase() !== "websocket") {
    socket.end("HTTP/1.1 400 Bad Request\r\n\r\n");
    return false;
  }
  socket.write(
    "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
      `Sec-WebSocket-Accept: ${acceptKey(key)}\r\n\r\n`,
  );
  return true;
}

/** One unmasked text frame (a server never masks). */
export function textFrame(text: string): Buffer {
  const body = Buffer.from(text, "utf8");
  const n = body.length;
  const head =
    n < 126
      ? Buffer.from([0x81, n])
      : n < 65536
        ? Buffer.from([0x81, 126, n >> 8, n & 255])
        : Buffer.concat([Buffer.from([0x81, 127]), bigLength(n)]);
  return Buffer.concat([head, body]);
}

function bigLength(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}

/** Text frames complete in `buf` and the bytes left over (a reader for the tests and bench). */
export function readTextFrames(buf: Buffer): { texts: string[]; rest: Buffer } {
  const texts: string[] = [];
  let at = 0;
  for (;;) {
    if (buf.length - at < 2) break;
    const op = buf[at]! & 0x0f;
    let len = buf[at + 1]! & 0x7f;
    const masked = (buf[at + 1]! & 0x80) !== 0;
    let head = 2;
    if (len === 126) {
      if (buf.length - at < 4) break;
      len = buf.readUInt16BE(at + 2);
      head = 4;
    } else if (len === 127) {
      if (buf.length - at < 10) break;
      len = Number(buf.readBigUInt64BE(at + 2));
      head = 10;
    }
    const maskLen = masked ? 4 : 0;
    if (buf.length - at < head + maskLen + len) break;
    const body = Buffer.from(buf.subarray(at + head + maskLen, at + head + maskLen + len));
    if (masked) {
      const mask = buf.subarray(at + head, at + head + 4);
      for (let i = 0; i < body.length; i++) body[i]! ^= mask[i % 4]!;
    }
    if (op === 1) texts.push(body.toString("utf8"));
    at += head + maskLen + len;
  }
  return { texts, rest: buf.subarray(at) };
}
