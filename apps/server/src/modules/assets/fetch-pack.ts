// The missing files of the pack, a few at a time (ASSETS_FETCH_CONCURRENCY, default 4: enough to
// fill a line from raw.githubusercontent.com, few enough to leave the API its sockets). A cut
// connection is resumed from its `.part`, a bad file fetched again, up to `attempts` tries each.
// When the very first connections fail before any byte arrives, the machine has no network:
// the run stops at once instead of trying 237 files three times.
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { DownloadError, downloadFile } from "./download-file.ts";
import { type PackFile, sourceOf } from "./pack-files.ts";

export interface FetchOutcome {
  fetched: PackFile[];
  failed: { file: PackFile; error: string }[];
  /** set when no server could be reached at all: the reason (ECONNREFUSED, ENOTFOUND, …) */
  offline: string | null;
}

export interface FetchOptions {
  baseUrl: string | undefined;
  concurrency: number;
  signal?: AbortSignal;
  /** tries per file (default 3) */
  attempts?: number;
  /** pause before another try (default 1 s) */
  retryDelayMs?: number;
  onBytes?: (n: number) => void;
  onFetched?: (f: PackFile) => void | Promise<void>;
}

export async function fetchFiles(
  dir: string,
  files: readonly PackFile[],
  opts: FetchOptions,
): Promise<FetchOutcome> {
  const out: FetchOutcome = { fetched: [], failed: [], offline: null };
  const stop = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  let received = 0;
  const queue = [...files];

  async function one(f: PackFile): Promise<void> {
    const dest = join(dir, f.file);
    await mkdir(dirname(dest), { recursive: true });
    let error = "";
    for (let attempt = 1; attempt <= (opts.attempts ?? 3); attempt++) {
      if (signal.aborted) return;
      try {
        await downloadFile(sourceOf(f, opts.baseUrl), dest, f, {
          signal,
          onBytes: (n) => {
            received += n;
            opts.onBytes?.(n);
          },
        });
        out.fetched.push(f);
        await opts.onFetched?.(f);
        return;
      } catch (err) {
        if (signal.aborted) return;
        const unreachable = connectionRefusal(err);
        if (unreachable && received === 0) {
          out.offline ??= unreachable;
          stop.abort();
          return;
        }
        error = err instanceof DownloadError ? err.message : describe(err);
        await sleep(opts.retryDelayMs ?? 1000, undefined, { signal }).catch(() => {});
      }
    }
    out.failed.push({ file: f, error });
  }

  const workers = Array.from({ length: Math.max(1, opts.concurrency) }, async () => {
    for (let f = queue.shift(); f && !signal.aborted; f = queue.shift()) await one(f);
  });
  await Promise.all(workers);
  return out;
}

/** the reason a connection could not be made at all, or null (a cut, a timeout, an HTTP error) */
function connectionRefusal(err: unknown): string | null {
  const code = (err as { cause?: { code?: string } })?.cause?.code;
  return code &&
    ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH"].includes(code)
    ? code
    : null;
}

function describe(err: unknown): string {
  const e = err as { message?: string; cause?: { code?: string; message?: string } };
  const cause = e?.cause?.code ?? e?.cause?.message;
  return `${e?.message ?? String(err)}${cause ? ` (${cause})` : ""}`;
}
