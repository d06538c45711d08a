// Which of the pack's files a folder holds with the right bytes. A file whose size and mtime
// match the verified cache counts at once; the others of the right size are hashed, one at a
// time on one thread so the API keeps a core. A file of the wrong size is missing (or a partial
// download).
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { sha256Files } from "./hash-file.ts";
import type { PackFile } from "./pack-files.ts";
import type { VerifiedCache } from "./verified-cache.ts";

export interface Verification {
  /** ids of the files present with their SHA-256 */
  present: Set<string>;
  /** files of the right size whose bytes are wrong (excluded; re-fetched when fetching) */
  bad: PackFile[];
  /** files absent or of another size */
  missing: PackFile[];
  /** files hashed this time (the rest came from the cache) */
  hashed: number;
}

export async function verifyPack(
  dir: string,
  files: readonly PackFile[],
  cache: VerifiedCache,
  signal?: AbortSignal,
): Promise<Verification> {
  const out: Verification = { present: new Set(), bad: [], missing: [], hashed: 0 };
  const seen = await Promise.all(
    files.map(async (f) => {
      const path = join(dir, f.file);
      const st = await stat(path).catch(() => null);
      return { f, path, st: st?.isFile() && st.size === f.bytes ? st : null };
    }),
  );
  signal?.throwIfAborted();
  const toHash = seen.filter(({ path, st }) => st && !cache.get(path, st.size, st.mtimeMs));
  const hashes = await sha256Files(
    toHash.map((s) => s.path),
    signal,
  );
  toHash.forEach(({ path, st }, k) => {
    if (st) cache.set(path, { size: st.size, mtimeMs: st.mtimeMs, sha256: hashes[k] as string });
  });
  out.hashed = toHash.length;
  for (const { f, path, st } of seen) {
    // absent, or of another size (a partial download)
    if (!st) out.missing.push(f);
    else if (cache.get(path, st.size, st.mtimeMs) === f.sha256) out.present.add(f.id);
    else out.bad.push(f);
  }
  return out;
}
