// The key that signs session tokens (JWT_SECRET, or one kept in DATA_DIR).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigError, type Env, str } from "./env-readers.ts";

/**
 * The JWT secret: JWT_SECRET when set. Otherwise generated once and kept in DATA_DIR, so
 * tokens survive restarts of the embedded single-process setup (including `make start`,
 * which runs in production mode). A scaled-out deployment (DATABASE_URL set, production) has
 * several API processes that must share a secret, so there it is required.
 */
export function jwtSecret(env: Env, dataDir: string, production: boolean, scaledOut: boolean) {
  const raw = str(env, "JWT_SECRET");
  if (raw !== undefined) {
    if (raw.length < 32) throw new ConfigError("JWT_SECRET", "must be at least 32 characters");
    return new TextEncoder().encode(raw);
  }
  if (production && scaledOut) {
    throw new ConfigError("JWT_SECRET", "is required in production when DATABASE_URL is set");
  }
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(48).toString("base64url");
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  return new TextEncoder().encode(generated);
}
