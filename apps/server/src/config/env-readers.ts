// The readers every config part uses: each one names the variable in the ConfigError it throws,
// so a wrong value is reported as "Invalid configuration: <VARIABLE> <problem>".

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
  }
}

/** A per-IP limit: at most `max` requests per `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export type Env = Record<string, string | undefined>;

export function str(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === undefined || v === "" ? undefined : v;
}

export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

export function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL (${protocols.join(", ")}), got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(" or ")}, got "${parsed.protocol}"`);
  }
  return raw;
}

export function emailSet(env: Env, name: string): Set<string> {
  const raw = str(env, name);
  const set = new Set<string>();
  if (raw === undefined) return set;
  for (const part of raw.split(",")) {
    const e = part.trim().toLowerCase();
    if (e === "") continue;
    if (!/^[^\s@]+@[^\s@]+$/.test(e)) throw new ConfigError(name, `contains "${e}", not an email`);
    set.add(e);
  }
  return set;
}

export function domainSet(env: Env, name: string, fallback: string): Set<string> {
  const raw = str(env, name) ?? fallback;
  const set = new Set<string>();
  for (const part of raw.split(",")) {
    const d = part.trim().toLowerCase();
    if (d === "") continue;
    if (!/^[a-z0-9.-]+$/.test(d)) throw new ConfigError(name, `contains "${d}", not a domain`);
    set.add(d);
  }
  return set;
}

/** `RATE_LIMIT_LOGIN=20/60` means 20 requests per 60 seconds per IP. */
export function rateLimit(env: Env, name: string, fallback: RateLimit): RateLimit {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  const m = /^(\d+)\/(\d+)$/.exec(raw);
  if (!m) throw new ConfigError(name, `must look like <max>/<seconds>, e.g. 20/60, got "${raw}"`);
  const max = Number(m[1]);
  const seconds = Number(m[2]);
  if (max < 1 || seconds < 1) throw new ConfigError(name, "needs a max and a window of at least 1");
  return { max, windowMs: seconds * 1000 };
}
