// The photographic pack's files on this install (issue 27): where they are and whether the
// server fetches them.
import path from "node:path";
import { ConfigError, type Env, int, str, url } from "./env-readers.ts";

export interface AssetsConfig {
  /**
   * STUDIO_ASSETS_DIR set: a folder that already holds the pack (an air-gapped install, CI's
   * ../shared/asset-pack), read in place and never written. Unset: DATA_DIR/assets, which
   * the server fills in the background.
   */
  dir: string;
  /** true when `dir` is STUDIO_ASSETS_DIR: nothing is fetched or written there */
  readOnly: boolean;
  /**
   * ASSETS_BASE_URL: a mirror of the pack's folder (file = base + "/" + the entry's path),
   * used instead of each file's raw_url; the tests serve a pack from loopback this way
   */
  baseUrl: string | undefined;
  /** ASSETS_FETCH=on|off: default on, off under NODE_ENV=test (a test never downloads 207 MB) */
  fetch: boolean;
  /** ASSETS_FETCH_CONCURRENCY: files downloaded at once, default 4 */
  concurrency: number;
  /** where the SHA-256 of files already checked is kept by size and mtime (DATA_DIR) */
  verifiedCache: string;
}

export function assetsConfig(env: Env, dataDir: string, nodeEnv: string): AssetsConfig {
  const local = str(env, "STUDIO_ASSETS_DIR");
  const fetchRaw = str(env, "ASSETS_FETCH") ?? (nodeEnv === "test" ? "off" : "on");
  if (fetchRaw !== "on" && fetchRaw !== "off") {
    throw new ConfigError("ASSETS_FETCH", `must be on or off, got "${fetchRaw}"`);
  }
  return {
    dir: local ? path.resolve(local) : path.join(dataDir, "assets"),
    readOnly: local !== undefined,
    baseUrl: url(env, "ASSETS_BASE_URL", ["http:", "https:"])?.replace(/\/+$/, ""),
    fetch: fetchRaw === "on" && local === undefined,
    concurrency: int(env, "ASSETS_FETCH_CONCURRENCY", 4, 1, 16),
    verifiedCache: path.join(dataDir, "assets-verified.json"),
  };
}
