// The SHA-256 already checked for each file, kept by its size and mtime in a small JSON file in
// DATA_DIR: hashing the whole pack (207 MB) at every start would cost seconds of both cores, so a
// file is hashed again only when its size or mtime changed. The cache lives beside the data, not
// in the pack's folder, which may be STUDIO_ASSETS_DIR (read in place, never written).
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

interface Seen {
  size: number;
  mtimeMs: number;
  sha256: string;
}

export interface VerifiedCache {
  /** the SHA-256 recorded for this absolute path at this size and mtime, if any */
  get(path: string, size: number, mtimeMs: number): string | undefined;
  set(path: string, seen: Seen): void;
  /** written atomically; a failure (a read-only DATA_DIR) only costs a re-hash next start */
  save(): Promise<void>;
}

export async function openVerifiedCache(file: string): Promise<VerifiedCache> {
  let files: Record<string, Seen> = {};
  try {
    const parsed = JSON.parse(await readFile(file, "utf8")) as { files?: Record<string, Seen> };
    if (parsed.files && typeof parsed.files === "object") files = parsed.files;
  } catch {
    // none yet, or unreadable: every file is hashed once
  }
  let dirty = false;
  return {
    get(path, size, mtimeMs) {
      const s = files[path];
      return s && s.size === size && s.mtimeMs === mtimeMs ? s.sha256 : undefined;
    },
    set(path, seen) {
      files[path] = seen;
      dirty = true;
    },
    async save() {
      if (!dirty) return;
      dirty = false;
      try {
        await mkdir(dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, JSON.stringify({ version: 1, files }));
        await rename(tmp, file);
      } catch {
        dirty = true;
      }
    },
  };
}
