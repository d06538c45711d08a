// A local stand-in for Sentry's ingest server: accepts POST /api/<project>/envelope/ and
// records every request that reached it, so tests can prove what the tunnel sent (or didn't).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedEnvelope {
  method: string;
  path: string;
  contentType: string | undefined;
  body: Buffer;
}

export interface SentryStandIn {
  origin: string;
  received: ReceivedEnvelope[];
  /** answer the next requests with this status (default 200) */
  status: number;
  close(): Promise<void>;
}

export async function startSentryStandIn(): Promise<SentryStandIn> {
  const standIn: SentryStandIn = {
    origin: "",
    received: [],
    status: 200,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      standIn.received.push({
        method: req.method ?? "",
        path: req.url ?? "",
        contentType: req.headers["content-type"],
        body: Buffer.concat(chunks),
      });
      res.writeHead(standIn.status, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  standIn.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
