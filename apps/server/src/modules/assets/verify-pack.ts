// Which of the pack's files a folder holds with the right bytes. A file whose size and mtime
// match the verified cache counts at once; the others of the right size are hashed, one at a
// time so the API keeps a core. A file of the wrong size is missing (or a partial download).
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { sha256File } from "./hash-file.ts";
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
  for (const f of files) {
    signal?.throwIfAborted();
    const path = join(dir, f.file);
    const st = await stat(path).catch(() => null);
    if (!st?.isFile() || st.size !== f.bytes) {
      out.missing.push(f);
      continue;
    }
    let sha = cache.get(path, st.size, st.mtimeMs);
    if (!sha) {
      sha = await sha256File(path);
      out.hashed++;
      cache.set(path, { size: st.size, mtimeMs: st.mtimeMs, sha256: sha });
    }
    if (sha === f.sha256) out.present.add(f.id);
    else out.bad.push(f);
  }
  return out;
}
