// The engine in worker threads: the cut-out (ISNet + guided filter, ~1 s on a 12 MP photo) and
// the render/composite/encode of a generation otherwise block the API's event loop. The first
// thread runs every call (a cut-out already saturates two cores; onnxruntime's own threads run
// inside it). A render of several photos is also shared with a second thread, merged by rank:
// byte for byte what one thread makes, in about half the time on two cores (decision 0551);
// each thread takes the next shot from a counter both share as it finishes one, so neither
// waits on the other's fixed half (decision 0555). Threads start on first use; if one dies,
// its in-flight calls reject and the next call starts a new one. Errors keep their EngineError
// code. Decision 0550.
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { EngineError, getPreset, rankImages } from "@studio/engine";
import { jobLogContext } from "../modules/jobs/job-log-context.ts";
import { engineThreadMetrics } from "../modules/metrics/engine-thread-metrics.ts";
import {
  type EngineOp,
  type engineOps,
  packBytes,
  type RenderedImage,
  type RenderJob,
  type StudioEngine,
} from "./engine-adapter.ts";
import {
  postWithTransfer,
  revive,
  type ThreadRequest,
  type ThreadResponse,
} from "./engine-wire.ts";

/**
 * The thread's entry is TypeScript, like the rest of the server (decision 0101). A tiny ESM
 * bootstrap registers tsx's loader inside the thread and then imports the entry: it does not
 * depend on how the parent was started (tsx, vitest, apps/worker), and tsx is resolved from
 * this file. (`execArgv: ["--import", "tsx"]` does not reach a worker's main module on Node 20.)
 */
function bootstrap(entry: URL): URL {
  // the package's "import" entry of tsx/esm/api (require.resolve would give the CommonJS one)
  const root = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const api = pathToFileURL(path.join(root, "dist/esm/api/index.mjs")).href;
  const code = `import { register } from ${JSON.stringify(api)};
register();
await import(${JSON.stringify(entry.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

export interface ThreadEngine extends StudioEngine {
  /** calls sent and not answered yet */
  readonly inFlight: number;
  /** the running thread's id, or null before first use / after close (tests, diagnostics) */
  readonly threadId: number | null;
  /** the ids of the threads running now, the first thread's first */
  readonly threadIds: number[];
  /**
   * the last render shared over two threads: the shots each rendered (the first thread's
   * first) and when each answered, ms after the render was asked (tests, the bench)
   */
  readonly lastShared: { shots: number[][]; ms: number[] } | null;
}

export interface EngineThreadLog {
  info(obj: object, msg: string): void;
}

/** the photographic pack as a thread receives it (engine.thread.ts) */
export interface ThreadPack {
  dir: string;
  present: string[];
}

interface Lane {
  call<T>(op: EngineOp, args: unknown[]): Promise<T>;
  readonly inFlight: number;
  readonly threadId: number | null;
  close(): Promise<void>;
}

/** One worker thread, started on first call and again after it dies. */
function createLane(
  entry: URL,
  opts: {
    onError?: (err: Error) => void;
    log?: EngineThreadLog;
    isnetThreads?: number;
    sharedPixels?: boolean;
    /** the photographic pack as last told (setPhotoPack), for a thread starting now */
    pack?: () => ThreadPack | null;
    /** 0 for the first thread, 1 for the second (in its workerData: test entries read it) */
    lane?: number;
  },
): Lane {
  let worker: Worker | null = null;
  let closed = false;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void; thread: Worker }
  >();

  /** reject the calls sent to `thread` (all calls when null); a new thread's calls stay */
  function failAll(thread: Worker | null, err: Error) {
    for (const [id, p] of pending) {
      if (thread && p.thread !== thread) continue;
      pending.delete(id);
      p.reject(err);
    }
  }
  /** ids posted to the running thread that it has not answered yet (failAll answers none) */
  const posted = new Set<number>();

  function start(): Worker {
    const w = new Worker(bootstrap(entry), {
      execArgv: [],
      workerData: {
        isnetThreads: opts.isnetThreads,
        sharedPixels: opts.sharedPixels,
        pack: opts.pack?.() ?? null,
        lane: opts.lane ?? 0,
      },
    });
    engineThreadMetrics.attach(w);
    // an idle engine thread must not keep the process alive; a busy one does
    w.unref();
    w.on("message", (msg: ThreadResponse) => {
      posted.delete(msg.id);
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (![...pending.values()].some((q) => q.thread === w)) w.unref();
      if (msg.ok) {
        p.resolve(revive(msg.value));
        return;
      }
      const { code, message, name, stack } = msg.error;
      const err = code ? new EngineError(code, message) : new Error(message);
      if (!code) err.name = name;
      if (stack) err.stack = stack;
      p.reject(err);
    });
    w.on("error", (err) => {
      // an uncaught exception in the thread: it is going away; 'exit' follows
      opts.onError?.(err);
      if (worker === w) worker = null;
      failAll(w, new Error(`engine thread crashed: ${err.message}`, { cause: err }));
    });
    w.on("exit", (code) => {
      posted.clear();
      if (worker === w) worker = null;
      failAll(w, new Error(`engine thread stopped (exit code ${code})`));
    });
    return w;
  }

  function call<T>(op: EngineOp, args: unknown[]): Promise<T> {
    if (closed) return Promise.reject(new Error("engine closed"));
    worker ??= start();
    const w = worker;
    const id = nextId++;
    const job = jobLogContext.getStore();
    const sent = performance.now();
    const answer = new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, thread: w });
      w.ref();
      try {
        postWithTransfer(w, { id, op, args } satisfies ThreadRequest);
        posted.add(id);
      } catch (err) {
        pending.delete(id);
        reject(err as Error);
      }
    });
    if (!job || !opts.log) return answer;
    const line = (outcome: string) =>
      opts.log?.info(
        { ...job, op, threadId: w.threadId, outcome, ms: Math.round(performance.now() - sent) },
        "engine thread call",
      );
    return answer.then(
      (v) => {
        line("ok");
        return v;
      },
      (err: Error) => {
        line(`error: ${err.message}`);
        throw err;
      },
    );
  }

  return {
    call,
    get inFlight() {
      return pending.size;
    },
    get threadId() {
      return worker?.threadId ?? null;
    },
    async close() {
      closed = true;
      const w = worker;
      worker = null;
      failAll(null, new Error("engine closed"));
      if (w && posted.size) await answered(w);
      await w?.terminate();
    },
  };

  /**
   * Terminating a thread while onnxruntime's native code runs in it aborts the whole process
   * (SIGTERM during the model's warm-up exited with 134): let the thread answer what it was
   * sent first, 20 s at most. Its answers go nowhere: the calls were already rejected.
   */
  function answered(w: Worker): Promise<void> {
    return new Promise((done) => {
      const timer = setTimeout(done, 20_000);
      timer.unref();
      const finish = () => {
        clearTimeout(timer);
        done();
      };
      w.on("message", () => {
        if (!posted.size) finish();
      });
      w.on("exit", finish);
    });
  }
}

/** Several photos of a product on a set: the shots can be rendered apart and merged. */
function splits(job: RenderJob, cut: unknown): boolean {
  if (!cut || job.imageCount < 2 || (job.app === "clothing" && job.clothing)) return false;
  return getPreset(job.preset).background !== "white";
}

export function createThreadEngine(
  opts: {
    entry?: URL;
    onError?: (err: Error) => void;
    /**
     * one line per call made for a job, with that job's ids and request id (read from the
     * runner's job context) and the thread's id and time; calls outside a job are not logged
     */
    log?: EngineThreadLog;
    /** threads a render of several photos is shared over: default 2 on two or more cores */
    renderThreads?: 1 | 2;
    /**
     * how a shared render's shots go to the two threads: "pull" (default), each takes the next
     * from a shared counter; "alternate", even and odd as before decision 0555 (the bench's A)
     */
    shotSplit?: "pull" | "alternate";
    /** ISNet's intra-op threads (ENGINE_THREADS); default the engine's (2) */
    isnetThreads?: number;
    /**
     * cut-outs come back with their pixels in a SharedArrayBuffer, read by both render threads
     * without a copy (default true; false: copied as before decision 0553, for the bench)
     */
    sharedPixels?: boolean;
  } = {},
): ThreadEngine {
  const entry = opts.entry ?? new URL("./engine.thread.ts", import.meta.url);
  let pack: ThreadPack | null = null;
  const laneOpts = { ...opts, pack: () => pack };
  const main = createLane(entry, laneOpts);
  const second =
    (opts.renderThreads ?? (availableParallelism() > 1 ? 2 : 1)) > 1
      ? createLane(entry, { ...laneOpts, lane: 1 })
      : null;

  let lastShared: ThreadEngine["lastShared"] = null;
  async function render(
    job: RenderJob,
    cut: Parameters<typeof engineOps.render>[1],
    maxSide: number | undefined,
    references: Parameters<typeof engineOps.render>[3],
  ): Promise<RenderedImage[]> {
    if (!second || !splits(job, cut)) {
      return main.call("render", [job, cut, maxSide, references]);
    }
    // one render call per thread (the plan and the cut-out's preparation once each), shots
    // pulled one at a time from a counter in shared memory (Atomics.add in each thread)
    const shots = [...Array(job.imageCount).keys()];
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const part = (k: number) =>
      opts.shotSplit === "alternate" ? shots.filter((s) => s % 2 === k) : counter;
    // the buffers move to the thread they are posted to: the second thread gets its own copy,
    // except for pixels in shared memory (a cut-out the thread loaded), which both read
    const copy = structuredClone([job, cut, maxSide, references]);
    const asked = performance.now();
    const ms = [0, 0];
    const timed = (k: number, answer: Promise<RenderedImage[]>) =>
      answer.then((images) => {
        ms[k] = performance.now() - asked;
        return images;
      });
    const parts = await Promise.all([
      timed(0, main.call<RenderedImage[]>("render", [job, cut, maxSide, references, part(0)])),
      timed(1, second.call<RenderedImage[]>("render", [...copy, part(1)])),
    ]);
    lastShared = { shots: parts.map((p) => p.map((img) => img.shot ?? -1)), ms };
    return rankImages(parts.flat());
  }

  const call = main.call;
  const engine: { [K in EngineOp]: (typeof engineOps)[K] } = {
    cutoutPhoto: (photo, method, detect, fast) =>
      call("cutoutPhoto", [photo, method, detect, fast]),
    maskPhoto: (photo, mask, detect) => call("maskPhoto", [photo, mask, detect]),
    loadCutout: (png, meta) => call("loadCutout", [png, meta]),
    readReference: (bytes) => call("readReference", [bytes]),
    render,
    templateThumbnail: (id, size) => call("templateThumbnail", [id, size]),
    // a running thread hears it now; one started later gets it in its workerData
    setPhotoPack: async (dir, present) => {
      pack = { dir, present };
      await Promise.all(
        [main, second]
          .filter((lane) => lane?.threadId != null)
          .map((lane) => lane?.call("setPhotoPack", [dir, present])),
      );
    },
    preloadPackImages: () => call("preloadPackImages", []),
    adoptPackImages: (images) => call("adoptPackImages", [images]),
    // the second thread only renders: it warms the sets, not the models
    warm: async (method, detect, fullRender, part = "all") => {
      await Promise.all([
        call("warm", [method, detect, fullRender, part]),
        part === "models" ? undefined : second?.call("warm", ["classical", false, fullRender]),
      ]);
    },
  };

  return {
    ...engine,
    // decoded once, by the first thread, into shared memory: the second reads the same bytes
    async preloadPack() {
      const images = await engine.preloadPackImages();
      if (second && images.length) await second.call("adoptPackImages", [images]);
      return packBytes(images);
    },
    get inFlight() {
      return main.inFlight + (second?.inFlight ?? 0);
    },
    get threadId() {
      return main.threadId;
    },
    get lastShared() {
      return lastShared;
    },
    get threadIds() {
      return [main.threadId, second?.threadId ?? null].filter((id) => id !== null);
    },
    async close() {
      await Promise.all([main.close(), second?.close()]);
    },
  };
}
