import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";
import { migrate, readMigrations } from "./migrate.ts";

describe("migrations", () => {
  it("are all named <yyyymmddhhmm>_<module>_<what>.sql", () => {
    expect(readMigrations().length).toBeGreaterThan(0);
  });

  it("apply once, skip what ran, and refuse an edited file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mig-"));
    writeFileSync(path.join(dir, "202601010000_demo_init.sql"), "create table demo (id int);");
    const db = await openDatabase({ kind: "pglite" });
    try {
      expect(await migrate(db, dir)).toEqual(["202601010000_demo_init.sql"]);
      writeFileSync(
        path.join(dir, "202601020000_demo_more.sql"),
        "alter table demo add column x int;",
      );
      expect(await migrate(db, dir)).toEqual(["202601020000_demo_more.sql"]);
      expect(await migrate(db, dir)).toEqual([]);
      writeFileSync(path.join(dir, "202601010000_demo_init.sql"), "create table demo (id bigint);");
      await expect(migrate(db, dir)).rejects.toThrow(/changed after it was applied/);
    } finally {
      await db.close();
    }
  });

  it("rolls back a failing file and names it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mig-"));
    writeFileSync(
      path.join(dir, "202601010000_demo_bad.sql"),
      "create table ok1 (id int); select * from missing_table;",
    );
    const db = await openDatabase({ kind: "pglite" });
    try {
      await expect(migrate(db, dir)).rejects.toThrow(/202601010000_demo_bad.sql failed/);
      const r = await db.executeSql("select to_regclass('ok1') as t");
      expect(r.rows[0]).toEqual({ t: null });
    } finally {
      await db.close();
    }
  });

  it("refuses badly named files", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mig-"));
    writeFileSync(path.join(dir, "init.sql"), "select 1;");
    expect(() => readMigrations(dir)).toThrow(/must be named/);
  });
});
