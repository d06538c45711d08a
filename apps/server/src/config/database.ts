// Where the data lives: a PostgreSQL server (DATABASE_URL), or the embedded PGlite when unset.
import { type Env, url } from "./env-readers.ts";

const postgresProtocols = ["postgres:", "postgresql:"];

/** DATABASE_URL: undefined means the embedded PGlite under `${dataDir}/pglite`. */
export function databaseUrl(env: Env): string | undefined {
  return url(env, "DATABASE_URL", postgresProtocols);
}

/**
 * Test-only: the PostgreSQL server the integration suites also run against (.ci/run sets it
 * when one is reachable). Kept with the config so it stays the only reader of process.env.
 */
export function testPostgresUrl(env: Env = process.env): string | undefined {
  return url(env, "TEST_POSTGRES_URL", postgresProtocols);
}
