// The photographic pack on this install (issue 27): at start, check what the folder holds
// (cheaply: verified-cache.ts), tell the engine, then fetch what is missing in the background
// when the folder is DATA_DIR/assets, and tell the engine again once it is there. The server
// serves meanwhile; while the pack is incomplete the engine draws its sets, as it did before.
// Without network nothing fails: one line in the log says so.
import { mkdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { AssetsConfig } from "../../config.ts";
import { takeFetchLock } from "./fetch-lock.ts";
import { fetchFiles } from "./fetch-pack.ts";
import { type PackFile, shippedPackFiles } from "./pack-files.ts";
import { type PackProgress, progressLine } from "./progress.ts";
import { openVerifiedCache } from "./verified-cache.ts";
import { verifyPack } from "./verify-pack.ts";

export type PackState =
  /** hashing what the folder holds */
  | "checking"
  | "fetching"
  /** another process on this DATA_DIR is fetching; this one checks the folder now and then */
  | "waiting"
  | "complete"
  /** some files are missing or bad and nothing more is tried (read in place, fetch off, failures) */
  | "incomplete"
  /** the sources could not be reached at all */
  | "offline";

export interface AssetPackStatus extends PackProgress {
  dir: string;
  /** STUDIO_ASSETS_DIR: read in place; DATA_DIR: fetched into DATA_DIR/assets */
  source: "STUDIO_ASSETS_DIR" | "DATA_DIR";
  state: PackState;
  /** every file present with its SHA-256: the engine may build photographic sets */
  complete: boolean;
  /** files whose bytes were wrong, left out */
  badFiles: number;
}

export interface PackLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
}

export interface AssetPack {
  status(): AssetPackStatus;
  /** ids of the files present and verified */
  present(): ReadonlySet<string>;
  /** settles when the check (and the fetch, if any) is over, whatever its outcome */
  readonly settled: Promise<AssetPackStatus>;
  /** settles when the first check of the folder is over (the engine was told what it holds),
   * before any fetch: what the start-up may wait for */
  readonly checked: Promise<void>;
  /** stops a fetch under way (its `.part` files stay, to be resumed) */
  stop(): Promise<void>;
}

export interface AssetPackDeps {
  config: AssetsConfig;
  log: PackLog;
  /** the pack's files; default the shipped manifest's */
  files?: readonly PackFile[];
  /** the present set changed (after the check, when a fetch ends) */
  onChange?: (dir: string, present: ReadonlySet<string>) => void;
  /** a progress line this often while fetching (default 15 s) */
  progressEveryMs?: number;
  /** tries per file and the pause between them (fetch-pack.ts) */
  attempts?: number;
  retryDelayMs?: number;
  /** how often a process that waits for another's fetch looks again (default 60 s) */
  waitPollMs?: number;
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

export function startAssetPack(deps: AssetPackDeps): AssetPack {
  const { config, log } = deps;
  const files = deps.files ?? shippedPackFiles();
  const total = files.reduce((n, f) => n + f.bytes, 0);
  const byId = new Map(files.map((f) => [f.id, f]));
  const abort = new AbortController();
  const { signal } = abort;
  let present = new Set<string>();
  let state: PackState = "checking";
  let badFiles = 0;
  /** bytes of files still arriving (the progress line's, not the status's) */
  let arriving = 0;
  let told = false;
  let markChecked = () => {};
  const checked = new Promise<void>((resolve) => {
    markChecked = resolve;
  });

  const presentBytes = () => [...present].reduce((n, id) => n + (byId.get(id)?.bytes ?? 0), 0);
  const status = (): AssetPackStatus => ({
    dir: config.dir,
    source: config.readOnly ? "STUDIO_ASSETS_DIR" : "DATA_DIR",
    state,
    complete: present.size === files.length,
    badFiles,
    files: files.length,
    presentFiles: present.size,
    bytes: total,
    presentBytes: presentBytes(),
  });
  const line = () => progressLine({ ...status(), presentBytes: presentBytes() + arriving });

  /** the engine hears of the pack once something of it is there, and of every change after */
  function tell() {
    if (!told && present.size === 0) return;
    told = true;
    deps.onChange?.(config.dir, new Set(present));
  }

  async function check() {
    const cache = await openVerifiedCache(config.verifiedCache);
    const started = performance.now();
    const v = await verifyPack(config.dir, files, cache, signal);
    await cache.save();
    present = v.present;
    badFiles = v.bad.length;
    tell();
    const ms = Math.round(performance.now() - started);
    log.info(
      { ...status(), hashed: v.hashed, checkMs: ms },
      `photographic pack: ${line()} verified in ${config.dir} (${ms} ms, ${v.hashed} hashed)`,
    );
    if (v.bad.length) {
      log.error(
        { files: v.bad.map((f) => f.file) },
        `photographic pack: ${v.bad.length} file(s) have the wrong bytes: ${
          config.readOnly ? "left out" : "fetched again"
        }`,
      );
    }
    return v;
  }

  async function run(): Promise<void> {
    let v = await check();
    markChecked();
    if (v.present.size === files.length) {
      state = "complete";
      log.info({}, "photographic pack complete: the engine builds photographic sets");
      return;
    }
    if (!config.fetch) {
      state = "incomplete";
      log.info(
        {},
        config.readOnly
          ? "photographic pack: STUDIO_ASSETS_DIR is read in place and incomplete; sets are drawn"
          : "photographic pack: ASSETS_FETCH=off, nothing is fetched; sets are drawn",
      );
      return;
    }
    await mkdir(config.dir, { recursive: true });
    const lockPath = join(config.dir, ".fetch.lock");
    let lock = await takeFetchLock(lockPath);
    if (!lock) {
      state = "waiting";
      log.info({}, `photographic pack: another process is fetching into ${config.dir}; waiting`);
      while (!lock) {
        await sleep(deps.waitPollMs ?? 60_000, undefined, { signal });
        lock = await takeFetchLock(lockPath);
        if (!lock) present = (await check()).present;
      }
      v = await check();
    }
    try {
      await fetchMissing(v.missing, v.bad, lock.touch);
    } finally {
      await lock.release();
    }
  }

  async function fetchMissing(missing: PackFile[], bad: PackFile[], touch: () => void) {
    const todo = [...bad, ...missing];
    if (!todo.length) {
      state = "complete";
      return;
    }
    for (const f of bad) await rm(join(config.dir, f.file), { force: true });
    state = "fetching";
    const bytes = todo.reduce((n, f) => n + f.bytes, 0);
    log.info(
      { files: todo.length, bytes, from: config.baseUrl ?? "raw_url" },
      `photographic pack: fetching ${todo.length} files (${mb(bytes)}) into ${config.dir}; sets are drawn until it is complete`,
    );
    const started = performance.now();
    const timer = setInterval(() => {
      touch();
      log.info({ ...status(), arriving }, `photographic pack: ${line()}`);
    }, deps.progressEveryMs ?? 15_000);
    timer.unref();
    const cache = await openVerifiedCache(config.verifiedCache);
    let outcome: Awaited<ReturnType<typeof fetchFiles>>;
    try {
      outcome = await fetchFiles(config.dir, todo, {
        baseUrl: config.baseUrl,
        concurrency: config.concurrency,
        signal,
        ...(deps.attempts ? { attempts: deps.attempts } : {}),
        ...(deps.retryDelayMs !== undefined ? { retryDelayMs: deps.retryDelayMs } : {}),
        onBytes: (n) => {
          arriving += n;
        },
        onFetched: async (f) => {
          const path = join(config.dir, f.file);
          const st = await stat(path);
          cache.set(path, { size: st.size, mtimeMs: st.mtimeMs, sha256: f.sha256 });
          arriving = Math.max(0, arriving - f.bytes);
          present.add(f.id);
          badFiles = Math.max(0, badFiles - (bad.includes(f) ? 1 : 0));
        },
      });
    } finally {
      clearInterval(timer);
      await cache.save();
    }
    arriving = 0;
    tell();
    const s = Math.round((performance.now() - started) / 100) / 10;
    if (signal.aborted) {
      state = "incomplete";
      return;
    }
    if (outcome.offline) {
      state = "offline";
      const warn = (log.warn ?? log.info).bind(log);
      warn(
        { reason: outcome.offline, dir: config.dir },
        `photographic pack: no network (${outcome.offline}); ${line()} present, sets are drawn. Run \`npm run assets\` when online, or set STUDIO_ASSETS_DIR to a copy of the pack`,
      );
    } else if (outcome.failed.length) {
      state = "incomplete";
      log.error(
        { failed: outcome.failed.slice(0, 10).map((x) => `${x.file.file}: ${x.error}`) },
        `photographic pack: ${outcome.failed.length} file(s) could not be fetched; ${line()}; a restart tries again`,
      );
    } else {
      state = "complete";
      log.info(
        { seconds: s, ...status() },
        `photographic pack complete: ${line()}, fetched in ${s} s; the engine builds photographic sets`,
      );
    }
  }

  const settled = run().then(
    () => status(),
    (err: unknown) => {
      markChecked();
      if (!signal.aborted) {
        if (state === "checking" || state === "fetching" || state === "waiting")
          state = "incomplete";
        log.error({ err }, "photographic pack: the check or fetch failed; sets are drawn");
      }
      return status();
    },
  );
  return {
    status,
    present: () => present,
    settled,
    checked,
    async stop() {
      abort.abort();
      await settled;
    },
  };
}
