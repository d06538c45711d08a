// A Sentry DSN taken apart: where envelopes go and which project they belong to. The tunnel
// forwards only to this host and project, so the DSN is the whole allow-list.
export interface SentryDsn {
  /** the DSN as configured (public by design: the browser SDK carries it too) */
  dsn: string;
  /** scheme + host (+ port) of the ingest server, e.g. https://o123.ingest.us.sentry.io */
  origin: string;
  host: string;
  projectId: string;
  /** `o` and `r` of the tunnel query when the host is sentry.io's o<org>.ingest[.<region>] */
  orgId: string | undefined;
  region: string | undefined;
}

/** Parses `https://<key>@<host>[:port]/<projectId>`; undefined when it is not a DSN. */
export function parseSentryDsn(raw: string): SentryDsn | undefined {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return undefined;
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return undefined;
  if (u.username === "") return undefined;
  const projectId = u.pathname.replace(/^\/+|\/+$/g, "");
  if (!/^\d+$/.test(projectId)) return undefined;
  const m = /^o(\d+)\.ingest(?:\.([a-z0-9-]+))?\.sentry\.io$/.exec(u.hostname);
  return {
    dsn: raw,
    origin: u.origin,
    host: u.host,
    projectId,
    orgId: m?.[1],
    region: m?.[2],
  };
}

/** The envelope endpoint of the DSN's project. */
export function envelopeUrl(dsn: SentryDsn): string {
  return `${dsn.origin}/api/${dsn.projectId}/envelope/`;
}
