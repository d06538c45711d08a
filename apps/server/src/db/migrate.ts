// Applies the SQL files of apps/server/drizzle/ in file-name order, once each, at start-up.
// Files are named `<UTC yyyymmddhhmm>_<module>_<what>.sql`: a module adds its own file and
// never edits another's, so two people adding migrations at once do not collide (no shared
// journal file). Applied files are recorded with a checksum; editing one that already ran
// stops the start with a message, because the databases that ran it would silently differ.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./database.ts";

export const migrationsDir = fileURLToPath(new URL("../../drizzle", import.meta.url));
const NAME = /^\d{12}_[a-z0-9]+(?:[_-][a-z0-9]+)*\.sql$/;
// Any constant works; it only has to be the same for every process migrating this database.
const LOCK_ID = 72_430_001;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir: string = migrationsDir): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((name) => {
      if (!NAME.test(name)) {
        throw new Error(`Migration ${name} must be named <yyyymmddhhmm>_<module>_<what>.sql`);
      }
      const sql = readFileSync(path.join(dir, name), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** Returns the names it applied now. Safe to run from several processes at once. */
export async function migrate(database: Database, dir: string = migrationsDir): Promise<string[]> {
  const files = readMigrations(dir);
  return database.withSession(async (s) => {
    await s.query("select pg_advisory_lock($1)", [LOCK_ID]);
    try {
      await s.exec(`create table if not exists schema_migrations (
        name text primary key,
        checksum text not null,
        applied_at timestamptz not null default now())`);
      const done = new Map(
        (
          await s.query<{ name: string; checksum: string }>(
            "select name, checksum from schema_migrations",
          )
        ).rows.map((r) => [r.name, r.checksum]),
      );
      const applied: string[] = [];
      for (const file of files) {
        const previous = done.get(file.name);
        if (previous !== undefined) {
          if (previous !== file.checksum) {
            throw new Error(
              `Migration ${file.name} changed after it was applied; add a new migration instead`,
            );
          }
          continue;
        }
        await s.exec("begin");
        try {
          await s.exec(file.sql);
          await s.query("insert into schema_migrations (name, checksum) values ($1, $2)", [
            file.name,
            file.checksum,
          ]);
          await s.exec("commit");
        } catch (err) {
          await s.exec("rollback");
          throw new Error(`Migration ${file.name} failed: ${(err as Error).message}`);
        }
        applied.push(file.name);
      }
      return applied;
    } finally {
      await s.query("select pg_advisory_unlock($1)", [LOCK_ID]);
    }
  });
}
