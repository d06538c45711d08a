// Which of the pack's files a folder holds, judged by name and size only: cheap enough for a
// command-line run. The server verifies SHA-256 before it tells the engine (its fetcher).
import { statSync } from "node:fs";
import { join } from "node:path";
import { packEntries } from "./pack.ts";

export function presentBySize(dir: string): string[] {
  return packEntries()
    .filter((e) => {
      try {
        return statSync(join(dir, e.file)).size === e.bytes;
      } catch {
        return false;
      }
    })
    .map((e) => e.id);
}
