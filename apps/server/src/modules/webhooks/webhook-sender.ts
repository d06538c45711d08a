// One HTTP POST to a receiver, with a time limit and an answer capped at 2 KB. Unless
// WEBHOOK_ALLOW_PRIVATE, the address is checked when the connection is made (the `lookup`
// hook), so a name that resolves to loopback, a private network or cloud metadata is refused
// even if it changed after the endpoint was registered (DNS rebinding).
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";

const KEEP_BYTES = 2048;

export interface SendResult {
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

export function isPrivateAddress(ip: string): boolean {
  if (isIP(ip) === 4) {
    const [a = 0, b = 0] = ip.split(".").map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const v6 = ip.toLowerCase();
  if (v6.startsWith("::ffff:")) return isPrivateAddress(v6.slice(7));
  return (
    v6 === "::" ||
    v6 === "::1" ||
    v6.startsWith("fc") ||
    v6.startsWith("fd") ||
    v6.startsWith("fe80") ||
    v6.startsWith("ff")
  );
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function publicOnlyLookup(hostname: string, options: object, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "");
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) {
      return callback(
        Object.assign(new Error(`refused: ${hostname} resolves to a private address`), {
          code: "EPRIVATE",
        }),
        "",
      );
    }
    if ((options as { all?: boolean }).all) return callback(null, list);
    const first = list[0];
    return first
      ? callback(null, first.address, first.family)
      : callback(new Error("no address"), "");
  });
}

export function postSigned(
  target: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      resolve({ status: null, body: null, error: "invalid URL", durationMs: 0 });
      return;
    }
    if (
      !opts.allowPrivate &&
      isIP(url.hostname.replace(/^\[|\]$/g, "")) &&
      isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ""))
    ) {
      resolve({ status: null, body: null, error: "refused: private address", durationMs: 0 });
      return;
    }
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
        timeout: opts.timeoutMs,
        ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup as never }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on("data", (chunk: Buffer) => {
          if (kept < KEEP_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? null,
            body: Buffer.concat(chunks).subarray(0, KEEP_BYTES).toString("utf8"),
            error: null,
            durationMs: took(),
          }),
        );
        res.on("error", (err) =>
          resolve({
            status: res.statusCode ?? null,
            body: null,
            error: err.message,
            durationMs: took(),
          }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)));
    req.on("error", (err) =>
      resolve({ status: null, body: null, error: err.message, durationMs: took() }),
    );
    req.end(body);
  });
}
