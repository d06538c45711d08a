// The engine in a worker thread: the cut-out (ISNet + guided filter, ~1 s on a 12 MP photo) and
// the render/composite/encode of a generation otherwise block the API's event loop. One thread
// per process (a cut-out already saturates two cores; onnxruntime's own threads run inside it),
// started on first use, calls queued in order. If the thread dies, its in-flight calls reject
// and the next call starts a new one. Errors keep their EngineError code. Decision 0550.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { EngineError } from "@studio/engine";
import { jobLogContext } from "../modules/jobs/job-log-context.ts";
import { engineThreadMetrics } from "../modules/metrics/engine-thread-metrics.ts";
import type { EngineOp, engineOps, StudioEngine } from "./engine-adapter.ts";
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
}

export interface EngineThreadLog {
  info(obj: object, msg: string): void;
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
  } = {},
): ThreadEngine {
  const entry = opts.entry ?? new URL("./engine.thread.ts", import.meta.url);
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

  function start(): Worker {
    const w = new Worker(bootstrap(entry), { execArgv: [] });
    engineThreadMetrics.attach(w);
    // an idle engine thread must not keep the process alive; a busy one does
    w.unref();
    w.on("message", (msg: ThreadResponse) => {
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

  const engine: { [K in EngineOp]: (typeof engineOps)[K] } = {
    cutoutPhoto: (photo, method, detect, fast) =>
      call("cutoutPhoto", [photo, method, detect, fast]),
    maskPhoto: (photo, mask, detect) => call("maskPhoto", [photo, mask, detect]),
    loadCutout: (png, meta) => call("loadCutout", [png, meta]),
    readReference: (bytes) => call("readReference", [bytes]),
    render: (job, cut, maxSide, references) => call("render", [job, cut, maxSide, references]),
    templateThumbnail: (id, size) => call("templateThumbnail", [id, size]),
    warm: (method, detect) => call("warm", [method, detect]),
  };

  return {
    ...engine,
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
      await w?.terminate();
    },
  };
}
