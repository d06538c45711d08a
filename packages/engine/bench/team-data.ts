// The team's test photos for the benches (internal data, never in the repository): where they
// are — TESTDATA, else ../shared/testdata beside the checkout or beside the folder of worktrees —
// and how a bench stops when a folder it needs is absent: one loud SKIPPED line, exit 0.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export const testData =
  process.env.TESTDATA ??
  [
    path.resolve(repoRoot, "../shared/testdata"),
    path.resolve(repoRoot, "../../shared/testdata"),
  ].find((d) => existsSync(d)) ??
  path.resolve(repoRoot, "../shared/testdata");

/** The folder `sub` of the test data; a bench that needs it (`need` says what for) stops here without it. */
export function testDataOrSkip(sub: string, need: string): string {
  const dir = path.join(testData, sub);
  if (!existsSync(dir)) {
    console.error(`\n*** SKIPPED: ${dir} is absent. ${need} ***\n`);
    process.exit(0);
  }
  return dir;
}
