// The GPU servers of COMFYUI_URLS as one pool (decision 1100). ComfyUI runs one prompt at a time,
// so a server is free when it runs none of ours; a job waits for a free healthy server, the
// fastest measured first. When a server fails under a job (unreachable, the connection dropped,
// timed out, a 5xx) it is marked down and the same job moves to another server: the generation
// reserved its coins once and stays one job, so nothing is charged or refunded twice. A workflow
// the server refuses or fails to run is not moved: every server would fail it the same way.
// With a store (the database: comfyui-servers.repository.ts) what each process measures and sees
// is shared with the others.
import { EngineError, isEngineError } from "@studio/engine";
import type { PoolStore, ServerRecord } from "./comfyui-servers.repository.ts";

export interface PoolServer {
  url: string;
  healthy: boolean;
  /** jobs of ours running on it (0 or 1) */
  busy: number;
  /** measured, smoothed; undefined until a job finished there */
  secondsPerImage: number | undefined;
  lastError: string | undefined;
}

export interface ComfyPool {
  readonly servers: readonly PoolServer[];
  /** GET /system_stats on every server; marks each healthy or down */
  check(): Promise<void>;
  /** true when at least one server answered its last check */
  available(): boolean;
  /**
   * Run one job of `images` images on a free server (`job` gets its URL); moved to another
   * server when one fails under it. Throws BACKEND_FAILED when no server could finish it.
   */
  run<T>(images: number, job: (url: string) => Promise<T>): Promise<T>;
  /** seconds until `images` more images are done, from each healthy server's measured speed */
  etaSeconds(images: number): number | undefined;
  /**
   * Every server as the processes sharing the store last saw it (this process's view without a
   * store, or when the store cannot be read).
   */
  shared(): Promise<ServerRecord[]>;
  close(): void;
}

export interface PoolOptions {
  /** between health checks of every server; 0 turns the timer off (tests) */
  checkIntervalMs?: number;
  /** how long one /system_stats may take */
  checkTimeoutMs?: number;
  /** how long a job waits for a free server before giving up */
  waitTimeoutMs?: number;
  /** before anything is measured */
  defaultSecondsPerImage?: number;
  /** where health and measured speeds are shared between processes */
  store?: PoolStore;
  log?: (msg: string, fields: Record<string, unknown>) => void;
}

/**
 * A server failure (move the job) rather than the workflow's (WORKFLOW_FAILED: fail the job, as
 * every server would fail it alike) or a cancelled one.
 */
export function isServerFailure(err: unknown): boolean {
  if (err instanceof Error && err.name === "AbortError") return false;
  if (!isEngineError(err)) return true; // dropped sockets surface as plain errors
  if (err.code !== "BACKEND_FAILED") return false;
  return /Could not reach|timed out|interrupted the run|answered 5\d\d|no readable image/.test(
    err.message,
  );
}

export function createComfyPool(urls: readonly string[], options: PoolOptions = {}): ComfyPool {
  const servers: PoolServer[] = urls.map((url) => ({
    url: url.replace(/\/+$/, ""),
    healthy: false, // until its first check: the first job checks every server
    busy: 0,
    secondsPerImage: undefined,
    lastError: undefined,
  }));
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  const store = options.store;
  /** the store is shared knowledge, not the job: a database hiccup is logged, never thrown */
  const share = async <T>(what: string, write: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await write();
    } catch (err) {
      options.log?.("GPU pool could not share its state", { what, error: String(err) });
      return undefined;
    }
  };
  const markDown = async (s: PoolServer, err: unknown) => {
    s.healthy = false;
    s.lastError = String(err);
    if (store) await share("health", () => store.recordHealth(s.url, false, s.lastError));
  };

  async function checkOne(s: PoolServer) {
    try {
      const res = await fetch(`${s.url}/system_stats`, {
        signal: AbortSignal.timeout(options.checkTimeoutMs ?? 5000),
      });
      if (!res.ok) throw new Error(`/system_stats answered ${res.status}`);
      await res.json();
      if (!s.healthy) options.log?.("GPU server back", { url: s.url });
      s.healthy = true;
      s.lastError = undefined;
    } catch (err) {
      if (s.healthy) options.log?.("GPU server down", { url: s.url, error: String(err) });
      s.healthy = false;
      s.lastError = String(err);
    }
    if (store) await share("health", () => store.recordHealth(s.url, s.healthy, s.lastError));
  }

  async function check() {
    await Promise.all(servers.map(checkOne));
    // the speeds the other processes measured: the fastest free server is picked from them
    const known = store ? await share("read", () => store.read(servers.map((s) => s.url))) : [];
    for (const row of known ?? []) {
      const s = servers.find((x) => x.url === row.url);
      if (s && row.secondsPerImage !== undefined) s.secondsPerImage = row.secondsPerImage;
    }
    wake();
  }

  const timer =
    (options.checkIntervalMs ?? 15_000) > 0
      ? setInterval(() => void check(), options.checkIntervalMs ?? 15_000)
      : undefined;
  timer?.unref();

  /** the fastest free healthy server not tried yet for this job, waiting while all are busy */
  async function acquire(tried: Set<PoolServer>): Promise<PoolServer | undefined> {
    const deadline = Date.now() + (options.waitTimeoutMs ?? 10 * 60_000);
    for (;;) {
      const candidates = servers.filter((s) => s.healthy && !tried.has(s));
      if (candidates.length === 0) return undefined;
      const free = candidates
        .filter((s) => s.busy === 0)
        .sort((a, b) => (a.secondsPerImage ?? 0) - (b.secondsPerImage ?? 0))[0];
      if (free) {
        free.busy++;
        return free;
      }
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 1000));
        waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  return {
    servers,
    check,
    available: () => servers.some((s) => s.healthy),
    async run(images, job) {
      const tried = new Set<PoolServer>();
      if (!servers.some((s) => s.healthy)) await check();
      let last: unknown;
      for (;;) {
        const s = await acquire(tried);
        if (!s) break;
        tried.add(s);
        const t0 = performance.now();
        try {
          const out = await job(s.url);
          const spi = (performance.now() - t0) / 1000 / Math.max(1, images);
          s.secondsPerImage =
            (store && (await share("speed", () => store.recordSpeed(s.url, spi)))) ??
            (s.secondsPerImage === undefined ? spi : 0.7 * s.secondsPerImage + 0.3 * spi);
          return out;
        } catch (err) {
          if (!isServerFailure(err)) throw err;
          last = err;
          await markDown(s, err);
          options.log?.("GPU job moved off a failing server", { url: s.url, error: String(err) });
        } finally {
          s.busy--;
          wake();
        }
      }
      throw new EngineError(
        "BACKEND_FAILED",
        last
          ? `No GPU server could finish the job: ${(last as Error).message}`
          : "No GPU server answers.",
        { cause: last },
      );
    },
    etaSeconds(images) {
      const up = servers.filter((s) => s.healthy);
      if (up.length === 0) return undefined;
      const measured = up.map((s) => s.secondsPerImage).filter((v): v is number => v !== undefined);
      const fallback = options.defaultSecondsPerImage ?? 20;
      // the servers work in parallel: images per second add up
      const rate = up.reduce(
        (sum, s) =>
          sum + 1 / (s.secondsPerImage ?? (measured.length ? Math.max(...measured) : fallback)),
        0,
      );
      const waiting = up.reduce((n, s) => n + s.busy, 0);
      return Math.ceil((images + waiting) / rate);
    },
    async shared() {
      const mine = servers.map((s) => ({
        url: s.url,
        healthy: s.healthy,
        secondsPerImage: s.secondsPerImage,
        lastError: s.lastError,
      }));
      if (!store) return mine;
      const rows = await share("read", () => store.read(servers.map((s) => s.url)));
      if (!rows) return mine;
      // a server no process wrote about yet is as this process sees it
      return mine.map((m) => rows.find((r) => r.url === m.url) ?? m);
    },
    close() {
      if (timer) clearInterval(timer);
      wake();
    },
  };
}
