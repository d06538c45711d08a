// Each module's tables are its own: other modules read and write them through the module's
// repository or service (for an account, accounts.repository.ts's `findById`). Importing another
// module's `*.tables.ts` is refused by dependency-cruiser (.dependency-cruiser.cjs, rule
// server-module-tables-are-its-own, with the two foreign-key crossings it allows and why; run by
// `make deps`). What no import graph shows is SQL written as text: this test reads it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : filesUnder(p);
    return e.name.endsWith(".ts") ? [p] : [];
  });
}

/**
 * SQL written as text names tables too. Another module's table may be read that way only where
 * listed here, each with why, and never written (insert, update, delete): writes go through
 * the owner's repository.
 */
const sqlReadsAllowed: Record<string, string> = {
  "modules/admin/admin-stats.ts -> *": "the admin funnel and daily figures: a read-only report",
  "modules/admin/admin-queue.ts -> *": "the admin queue view: a read-only report",
  "modules/metrics/database-metrics.ts -> *": "/metrics gauges: a read-only report",
  "modules/metrics/metrics.routes.ts -> job_workers": "/metrics: live workers, read-only",
};

/** SQL-text reads still to move behind the owner's repository; the list only shrinks. */
const sqlReadsNotYetMoved = new Set<string>([]);

/** table name → the module (or top folder) whose `*.tables.ts` defines it */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of filesUnder(src)) {
    if (!file.endsWith(".tables.ts")) continue;
    const where = relative(src, dirname(file));
    for (const m of readFileSync(file, "utf8").matchAll(/pgTable\(\s*"([a-z_]+)"/g)) {
      owners.set(m[1]!, where);
    }
  }
  return owners;
}

/** `from|join|into|update|delete from <table>` in another module's non-test code */
function sqlCrossings(): { reads: string[]; writes: string[] } {
  const owners = tableOwners();
  const reads = new Set<string>();
  const writes = new Set<string>();
  for (const file of filesUnder(src)) {
    if (/\.test(-helper|-fixture)?\.ts$/.test(file) || file.endsWith(".tables.ts")) continue;
    const from = relative(src, file);
    const text = readFileSync(file, "utf8");
    for (const [table, where] of owners) {
      if (from.startsWith(`${where}/`)) continue;
      const verbs = new RegExp(`\\b(from|join|into|update)\\s+"?${table}\\b(?!")`, "gi");
      for (const m of text.matchAll(verbs)) {
        const verb = m[1]!.toLowerCase();
        const before = text.slice(Math.max(0, m.index - 8), m.index).toLowerCase();
        const write =
          verb === "into" || verb === "update" || (verb === "from" && before.includes("delete"));
        (write ? writes : reads).add(`${from} -> ${table}`);
      }
    }
  }
  return { reads: [...reads].sort(), writes: [...writes].sort() };
}

const allowedRead = (c: string) =>
  c in sqlReadsAllowed || `${c.split(" -> ")[0]} -> *` in sqlReadsAllowed;

describe("module boundaries in SQL text", () => {
  const { reads, writes } = sqlCrossings();

  it("no module writes another module's table in SQL text", () => {
    expect(writes, "call the owning module's repository instead").toEqual([]);
  });

  it("reads another module's table in SQL text only where listed", () => {
    const unexpected = reads.filter((c) => !allowedRead(c) && !sqlReadsNotYetMoved.has(c));
    expect(unexpected, "call the owning module's repository or service instead").toEqual([]);
    const gone = [...sqlReadsNotYetMoved].filter((c) => !reads.includes(c));
    expect(gone, "these are fixed: remove them from sqlReadsNotYetMoved").toEqual([]);
  });

  it("finds what it is meant to find", () => {
    expect(reads).toContain("modules/admin/admin-stats.ts -> generations");
  });
});
