// Test harness: a migrated database (in-memory PGlite, or a fresh PostgreSQL database created
// for the suite and dropped after) and an app built on it, for app.inject tests.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { type AppDeps, buildApp } from "../app.ts";
import type { Clock } from "../clock.ts";
import { type Config, loadConfig, testPostgresUrl } from "../config.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";

export type DbKind = "pglite" | "postgres";

const pgUrl = testPostgresUrl();

/** The databases every integration suite runs on. PostgreSQL only when TEST_POSTGRES_URL is set. */
export const dbKinds: DbKind[] = pgUrl ? ["pglite", "postgres"] : ["pglite"];
if (!pgUrl) {
  console.warn(
    "\n### TEST_POSTGRES_URL is not set: SKIPPING the PostgreSQL runs of the integration suites (PGlite runs only). ###\n",
  );
}

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await openDatabase({ kind: "pglite" });
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  if (!pgUrl) throw new Error("TEST_POSTGRES_URL is not set");
  const name = `studio_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    kind: "postgres",
    url: url.toString(),
    maxConnections: 20,
  });
  await migrate(database);
  return {
    database,
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: pgUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** A valid test config; `env` overrides variables (same names as the real environment). */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-test-"));
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    PUBLIC_URL: "http://studio.test",
    WEB_DIST_DIR: path.join(dataDir, "no-web"),
    GOOGLE_CLIENT_ID: "test-client-id.apps.googleusercontent.com",
    // Generous limits; the rate-limit tests set their own.
    RATE_LIMIT_LOGIN: "100000/60",
    RATE_LIMIT_SIGNUP: "100000/60",
    RATE_LIMIT_GIVEAWAY: "100000/60",
    RATE_LIMIT_EMAIL: "100000/60",
    RATE_LIMIT_ANALYTICS: "100000/60",
    RATE_LIMIT_CHECKOUT: "100000/60",
    // apps built by tests do not load the model at start; the /api/ready test turns it on
    ENGINE_WARM: "false",
    ...env,
  });
}

/** A clock tests can move. */
export function manualClock(start = Date.UTC(2026, 10, 22, 12, 0, 0)) {
  let now = start;
  const clock: Clock = () => now;
  return {
    clock,
    set(ms: number) {
      now = ms;
    },
    advance(ms: number) {
      now += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DbKind,
  deps: Partial<AppDeps> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const tdb = await createTestDatabase(kind);
  const { env, ...rest } = deps;
  const app = await buildApp({ config: testConfig(env), database: tdb.database, ...rest });
  await app.ready();
  return {
    app,
    database: tdb.database,
    async close() {
      await app.close();
      await tdb.drop();
    },
  };
}

// an account made through POST /api/signup, for suites outside the server too
export { signup, signupBody } from "./api-helpers.ts";
