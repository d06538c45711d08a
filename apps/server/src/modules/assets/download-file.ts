// One file of the pack, fetched into `<file>.part` and renamed once its SHA-256 is right. A
// `.part` left by a cut connection or a stopped server is resumed with an HTTP Range request;
// a server that ignores the Range sends the whole file again, which replaces the part.
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { sha256File } from "./hash-file.ts";
import type { PackFile } from "./pack-files.ts";

export class DownloadError extends Error {
  constructor(
    message: string,
    /** the bytes on disk are wrong: the part was deleted and the next try starts afresh */
    readonly badBytes = false,
  ) {
    super(message);
  }
}

export async function downloadFile(
  url: string,
  dest: string,
  f: Pick<PackFile, "bytes" | "sha256">,
  opts: { signal?: AbortSignal; onBytes?: (n: number) => void } = {},
): Promise<{ resumedFrom: number }> {
  const part = `${dest}.part`;
  let have = (await stat(part).catch(() => null))?.size ?? 0;
  if (have > f.bytes) {
    await rm(part, { force: true });
    have = 0;
  }
  const resumedFrom = have;
  if (have < f.bytes) {
    const res = await fetch(url, {
      headers: have > 0 ? { range: `bytes=${have}-` } : {},
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    if (res.status === 416) {
      // the part does not fit the file the server has: start again
      await rm(part, { force: true });
      throw new DownloadError(`${url}: range not satisfiable`, true);
    }
    if (res.status !== 200 && res.status !== 206) {
      await res.body?.cancel();
      throw new DownloadError(`${url}: HTTP ${res.status}`);
    }
    const start = res.status === 206 ? rangeStart(res.headers.get("content-range")) : 0;
    if (start !== have && start !== 0) {
      await res.body?.cancel();
      await rm(part, { force: true });
      throw new DownloadError(`${url}: answered another range (${start}, asked ${have})`, true);
    }
    // 200 (or a 206 from 0): the whole file, written over the part
    await writeBody(res, part, start > 0 ? "a" : "w", opts.onBytes);
  }
  const size = (await stat(part)).size;
  if (size !== f.bytes) {
    throw new DownloadError(`${url}: ${size} of ${f.bytes} bytes arrived`);
  }
  const sha = await sha256File(part);
  if (sha !== f.sha256) {
    await rm(part, { force: true });
    throw new DownloadError(`${url}: SHA-256 ${sha.slice(0, 12)}… is not the manifest's`, true);
  }
  await rename(part, dest);
  return { resumedFrom };
}

function rangeStart(header: string | null): number {
  const m = /^bytes (\d+)-/.exec(header ?? "");
  return m ? Number(m[1]) : 0;
}

/** the body into the part; what arrived before a cut stays on disk for the next try */
async function writeBody(
  res: Response,
  part: string,
  flags: "a" | "w",
  onBytes?: (n: number) => void,
): Promise<void> {
  const out = createWriteStream(part, { flags });
  try {
    if (!res.body) return;
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      if (!out.write(chunk)) await once(out, "drain");
      onBytes?.(chunk.byteLength);
    }
  } finally {
    out.end();
    await once(out, "close").catch(() => {});
  }
}
