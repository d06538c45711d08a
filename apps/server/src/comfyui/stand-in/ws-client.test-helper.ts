// A websocket client for the tests: opens /ws?clientId= on the stand-in and collects the JSON
// messages it sends, as ComfyUI's own web client does.
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import type { Duplex } from "node:stream";
import { acceptKey, readTextFrames } from "./ws-frames.ts";

export interface WsMessages {
  messages: { type: string; data: Record<string, unknown> }[];
  close(): void;
}

export function openProgress(url: string, clientId: string): Promise<WsMessages> {
  const key = randomBytes(16).toString("base64");
  const u = new URL(`/ws?clientId=${encodeURIComponent(clientId)}`, url);
  return new Promise((resolve, reject) => {
    const req = request(u, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Key": key,
        "Sec-WebSocket-Version": "13",
      },
    });
    req.on("error", reject);
    req.on("upgrade", (res, socket: Duplex, head: Buffer) => {
      if (res.headers["sec-websocket-accept"] !== acceptKey(key)) {
        reject(new Error("bad Sec-WebSocket-Accept"));
        return;
      }
      const out: WsMessages = { messages: [], close: () => socket.destroy() };
      let buf = Buffer.from(head);
      const take = (chunk: Buffer) => {
        const { texts, rest } = readTextFrames(Buffer.concat([buf, chunk]));
        buf = Buffer.from(rest);
        for (const t of texts) out.messages.push(JSON.parse(t));
      };
      take(Buffer.alloc(0));
      socket.on("data", take);
      socket.on("error", () => {});
      resolve(out);
    });
    req.end();
  });
}
