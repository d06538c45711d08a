// Files under DATA_DIR/files. Writes go to a temporary name first and are renamed into place,
// so a reader never sees half a file and a crash leaves no truncated object behind.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertKey, type ObjectStorage } from "./storage.types.ts";

export function createLocalDiskStorage(root: string): ObjectStorage {
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    description: `local disk ${root}`,
    async put(key, bytes) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, target);
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}
