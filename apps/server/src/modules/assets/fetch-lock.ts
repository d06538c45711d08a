// One fetcher per folder: the API process and workers on the same DATA_DIR would otherwise
// write the same `.part` files. The holder touches the lock while it works; a lock untouched
// for two minutes was left by a process that died, and is taken over.
import { open, rm, stat, utimes } from "node:fs/promises";

const STALE_MS = 120_000;

export interface FetchLock {
  /** keeps the lock fresh; call often (every progress tick) */
  touch(): void;
  release(): Promise<void>;
}

export async function takeFetchLock(path: string): Promise<FetchLock | null> {
  for (let tries = 0; tries < 2; tries++) {
    try {
      const handle = await open(path, "wx");
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      let last = Date.now();
      return {
        touch() {
          if (Date.now() - last < 30_000) return;
          last = Date.now();
          const now = new Date();
          utimes(path, now, now).catch(() => {});
        },
        release: () => rm(path, { force: true }),
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const st = await stat(path).catch(() => null);
      if (st && Date.now() - st.mtimeMs < STALE_MS) return null;
      await rm(path, { force: true });
    }
  }
  return null;
}
