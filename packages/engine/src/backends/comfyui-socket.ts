// ComfyUI's progress socket, /ws?clientId=…: the server sends JSON text frames about the prompts
// queued with that client id (status, execution_start, executing, progress, executed,
// execution_success, execution_error) and binary frames with preview images, which we skip.
// Only reading is needed, so the few pieces of RFC 6455 a reader needs are written here: Node 20
// has no global WebSocket without a flag, and the studio adds no dependency for it
// (docs/decisions/1100-gpu-comfyui-pool.md).
import { createHash, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Duplex } from "node:stream";

const GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

export interface ComfyMessage {
  type: string;
  data: Record<string, unknown>;
}

export interface ComfySocket {
  /** messages received so far, in order, then each new one as it comes */
  listen(onMessage: (m: ComfyMessage) => void): void;
  /** resolves when the server closes the socket or the connection drops */
  readonly closed: Promise<void>;
  close(): void;
}

/** Opens the socket; rejects when the server does not accept the upgrade within `timeoutMs`. */
export function openComfySocket(
  baseUrl: string,
  clientId: string,
  timeoutMs = 5000,
): Promise<ComfySocket> {
  const key = randomBytes(16).toString("base64");
  const url = new URL(`/ws?clientId=${encodeURIComponent(clientId)}`, baseUrl);
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Key": key,
        "Sec-WebSocket-Version": "13",
      },
      timeout: timeoutMs,
    });
    req.on("timeout", () => req.destroy(new Error(`no websocket answer in ${timeoutMs} ms`)));
    req.on("error", reject);
    req.on("response", (res) => {
      res.resume();
      reject(new Error(`/ws answered ${res.statusCode} instead of upgrading`));
    });
    req.on("upgrade", (res, socket: Duplex, head: Buffer) => {
      const expected = createHash("sha1")
        .update(key + GUID)
        .digest("base64");
      if (res.headers["sec-websocket-accept"] !== expected) {
        socket.destroy();
        reject(new Error("/ws answered a wrong Sec-WebSocket-Accept"));
        return;
      }
      resolve(readSocket(socket, head));
    });
    req.end();
  });
}

function readSocket(socket: Duplex, head: Buffer): ComfySocket {
  const seen: ComfyMessage[] = [];
  let listener: ((m: ComfyMessage) => void) | undefined;
  let buf: Buffer = Buffer.from(head);
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((r) => {
    markClosed = r;
  });
  const deliver = (text: string) => {
    let m: ComfyMessage;
    try {
      m = JSON.parse(text) as ComfyMessage;
    } catch {
      return; // not a message we know; ComfyUI only sends JSON text
    }
    if (!m || typeof m.type !== "string") return;
    m.data ??= {};
    seen.push(m);
    listener?.(m);
  };
  const take = (chunk: Buffer) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      const frame = nextFrame(buf);
      if (!frame) break;
      buf = buf.subarray(frame.size);
      if (frame.op === 0x1) deliver(frame.body.toString("utf8"));
      else if (frame.op === 0x9)
        socket.write(clientFrame(0xa, frame.body)); // ping → pong
      else if (frame.op === 0x8) socket.end(clientFrame(0x8, Buffer.alloc(0)));
      // binary (previews) and continuation frames are not needed
    }
  };
  take(Buffer.alloc(0));
  socket.on("data", take);
  socket.on("error", () => {});
  socket.on("close", () => markClosed());
  return {
    listen(onMessage) {
      listener = onMessage;
      for (const m of seen) onMessage(m);
    },
    closed,
    close: () => socket.destroy(),
  };
}

/** The first complete frame in `buf` (a server's frames are not masked), or undefined. */
function nextFrame(buf: Buffer): { op: number; body: Buffer; size: number } | undefined {
  if (buf.length < 2) return undefined;
  const op = buf[0]! & 0x0f;
  const masked = (buf[1]! & 0x80) !== 0;
  let len = buf[1]! & 0x7f;
  let at = 2;
  if (len === 126) {
    if (buf.length < 4) return undefined;
    len = buf.readUInt16BE(2);
    at = 4;
  } else if (len === 127) {
    if (buf.length < 10) return undefined;
    len = Number(buf.readBigUInt64BE(2));
    at = 10;
  }
  const maskAt = at;
  if (masked) at += 4;
  if (buf.length < at + len) return undefined;
  const body = Buffer.from(buf.subarray(at, at + len));
  if (masked) for (let i = 0; i < body.length; i++) body[i]! ^= buf[maskAt + (i % 4)]!;
  return { op, body, size: at + len };
}

/** A client's frames must be masked (RFC 6455 5.3); only small control frames are sent. */
function clientFrame(op: number, body: Buffer): Buffer {
  const mask = randomBytes(4);
  const out = Buffer.alloc(6 + body.length);
  out[0] = 0x80 | op;
  out[1] = 0x80 | body.length; // control frames carry at most 125 bytes
  mask.copy(out, 2);
  for (let i = 0; i < body.length; i++) out[6 + i] = body[i]! ^ mask[i % 4]!;
  return out;
}
