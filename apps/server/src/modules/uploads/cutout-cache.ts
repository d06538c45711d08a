// The cut-outs this process decoded lately, kept decoded: a seller generates again and again
// from one photo, and each generation read its cut-out's PNG back from storage and decoded it
// on the engine thread (8-20 ms before the render could start, and a new copy of its pixels),
// and the first generation after an upload decoded the PNG its cut-out job had just encoded.
// Keyed by upload, cut-out version (bumped by every edit and reset) and file, so an entry can
// never serve a matte the row no longer points at, in this process or after another one
// changed it. Issue 29.
import type { Cutout } from "@studio/engine";

const MB = 1024 * 1024;

export interface CutoutCache {
  get(key: string): Cutout | undefined;
  /** kept only when its pixels are in shared memory (see below) */
  set(key: string, cut: Cutout): void;
  readonly bytes: number;
}

/** the key of a cut-out file as an upload row at `version` points at it */
export const cutoutCacheKey = (uploadId: string, version: number, storageKey: string) =>
  `${uploadId}:${version}:${storageKey}`;

/**
 * Least recently used first out, within `maxBytes` of pixels. Only pixels in a
 * SharedArrayBuffer are kept (the engine thread answers with those, decision 0553): renders
 * read them in place and nothing moves them, where a buffer of its own would be transferred to
 * the engine thread by the next render and be empty here afterwards.
 */
export function createCutoutCache(maxBytes = 64 * MB): CutoutCache {
  const entries = new Map<string, Cutout>();
  let bytes = 0;
  const drop = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= old.rgba.byteLength;
  };
  return {
    get(key) {
      const cut = entries.get(key);
      if (cut) {
        // most recently used last
        entries.delete(key);
        entries.set(key, cut);
      }
      return cut;
    },
    set(key, cut) {
      if (!(cut.rgba.buffer instanceof SharedArrayBuffer)) return;
      // a full cut-out at the 3072 px cap (25 MB) fits twice; one larger would push every
      // render copy out
      if (cut.rgba.byteLength > maxBytes / 2) return;
      drop(key);
      entries.set(key, cut);
      bytes += cut.rgba.byteLength;
      for (const k of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(k);
      }
    },
    get bytes() {
      return bytes;
    },
  };
}
