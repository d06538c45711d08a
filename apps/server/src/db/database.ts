// One database handle for the whole process: PGlite (embedded, files under DATA_DIR) or a
// node-postgres Pool (DATABASE_URL). Both speak the same PostgreSQL dialect and both are
// driven through Drizzle, so every module runs the same SQL in the embedded default and in
// the scaled-out setup. `executeSql` is the raw door for libraries such as pg-boss.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";

/** Drizzle on either driver. A transaction (`db.transaction(tx => …)`) is also a `Db`. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface SqlResult<Row = Record<string, unknown>> {
  rows: Row[];
  rowCount: number;
}

/** Runs one statement on one connection (migrations, advisory locks). */
export interface SqlSession {
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<SqlResult<Row>>;
  /** Several `;`-separated statements without parameters. */
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /**
   * Raw SQL for libraries that bring their own (pg-boss's `db: { executeSql }`). Parameterless
   * multi-statement text is accepted on both drivers; the last statement's rows are returned.
   */
  executeSql<Row = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<SqlResult<Row>>;
  /** Runs `fn` on one dedicated connection (session-level locks need that). */
  withSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: "pglite" /** undefined = in memory (tests) */; dataDir?: string }
  | { kind: "postgres"; url: string; maxConnections?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === "pglite" ? openPglite(options.dataDir) : openPostgres(options);
}

/** The database the configuration asks for: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function databaseOptionsFromConfig(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseOptions {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "pglite", dataDir: path.join(config.dataDir, "pglite") };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const query = async <Row>(text: string, values?: unknown[]): Promise<SqlResult<Row>> => {
    // PGlite's query() refuses several statements in one call; exec() takes them (no params).
    if (!values || values.length === 0) {
      const results = await client.exec(text);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as Row[], rowCount: last?.affectedRows ?? 0 };
    }
    const r = await client.query<Row>(text, values);
    return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
  };
  const session: SqlSession = {
    query,
    exec: async (text) => {
      await client.exec(text);
    },
  };
  return {
    kind: "pglite",
    db: drizzlePglite(client) as unknown as Db,
    executeSql: query,
    // PGlite is a single connection: every caller already shares one session.
    withSession: (fn) => fn(session),
    close: () => client.close(),
  };
}

async function openPostgres(options: { url: string; maxConnections?: number }): Promise<Database> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 20 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const toResult = <Row>(r: pg.QueryResult | pg.QueryResult[]): SqlResult<Row> => {
    const last = Array.isArray(r) ? r[r.length - 1] : r;
    return { rows: (last?.rows ?? []) as Row[], rowCount: last?.rowCount ?? 0 };
  };
  // Fail fast with a clear message when the server is unreachable.
  await pool.query("select 1");
  return {
    kind: "postgres",
    db: drizzlePg(pool) as unknown as Db,
    executeSql: async <Row>(text: string, values?: unknown[]) =>
      toResult<Row>(await pool.query(text, values)),
    withSession: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({
          query: async <Row>(text: string, values?: unknown[]) =>
            toResult<Row>(await client.query(text, values)),
          exec: async (text) => {
            await client.query(text);
          },
        });
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
