// Who may use the payment stand-ins (decision 0908). A stand-in hands out every plan
// for the test card 4242…, so by default (PAYMENTS_STAND_IN=local) it answers only to clients
// on this machine or a private network; `on` opens it to everyone (a public demo), `off` to
// nobody. Everyone else sees the plans and "payments are not set up yet".
//
// The client is judged on the socket's peer address AND every address a proxy header names
// (X-Forwarded-For, X-Real-IP, Forwarded), whatever TRUST_PROXY says: behind a reverse proxy
// the peer is the proxy (loopback), and the proxy appends the real client, which a client
// cannot remove; on a direct connection, a client that forges a private address in a header
// still has its public peer address. Any hop that is public or unreadable refuses (fails
// closed). Not covered: a proxy that forwards without naming the client (see decision 0908).
import { BlockList, isIPv4, isIPv6 } from "node:net";
import type { FastifyRequest } from "fastify";

export type StandInPolicy = "local" | "on" | "off";

const privateNets = new BlockList();
privateNets.addSubnet("127.0.0.0", 8, "ipv4"); // loopback
privateNets.addSubnet("10.0.0.0", 8, "ipv4");
privateNets.addSubnet("172.16.0.0", 12, "ipv4");
privateNets.addSubnet("192.168.0.0", 16, "ipv4");
privateNets.addSubnet("169.254.0.0", 16, "ipv4"); // link-local
privateNets.addAddress("::1", "ipv6");
privateNets.addSubnet("fc00::", 7, "ipv6"); // unique local
privateNets.addSubnet("fe80::", 10, "ipv6"); // link-local

/** Loopback or private-network address (IPv4, IPv6, IPv4-mapped IPv6); anything else is not. */
export function isPrivateAddress(raw: string): boolean {
  const address = raw.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped) return privateNets.check(mapped, "ipv4");
  if (isIPv4(address)) return privateNets.check(address, "ipv4");
  if (isIPv6(address)) return privateNets.check(address, "ipv6");
  return false;
}

/** `for=` of a Forwarded element: `1.2.3.4`, `"1.2.3.4:80"`, `"[::1]:80"`. */
function forwardedFor(value: string): string[] {
  return [...value.matchAll(/for=("?)([^;,"]*)\1/gi)].map((m) => {
    const node = m[2] ?? "";
    const v6 = /^\[([^\]]+)\]/.exec(node)?.[1];
    if (v6) return v6;
    return /^\d+\.\d+\.\d+\.\d+:\d+$/.test(node) ? (node.split(":")[0] ?? "") : node;
  });
}

const header = (request: FastifyRequest, name: string): string[] => {
  const v = request.headers[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};

/** Every address this request came through: the peer, then what proxies said of the client. */
export function clientAddresses(request: FastifyRequest): string[] {
  return [
    request.socket.remoteAddress ?? "",
    ...header(request, "x-forwarded-for").flatMap((v) => v.split(",")),
    ...header(request, "x-real-ip"),
    ...header(request, "forwarded").flatMap(forwardedFor),
  ];
}

export function standInOpenTo(request: FastifyRequest, policy: StandInPolicy): boolean {
  if (policy === "on") return true;
  if (policy === "off") return false;
  return clientAddresses(request).every(isPrivateAddress);
}
