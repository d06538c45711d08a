// Entry of the engine thread (started by engine-thread.ts): runs engineOps on request and
// answers with the result, its buffers transferred, or the error with its EngineError code.
import { parentPort, workerData } from "node:worker_threads";
import { isEngineError, setPhotoPack } from "@studio/engine";
import { type EngineOp, engineOps, setIsnetThreads } from "./engine-adapter.ts";
import type { ThreadPack } from "./engine-thread.ts";
import {
  postWithTransfer,
  revive,
  type ThreadRequest,
  type ThreadResponse,
  withSharedPixels,
} from "./engine-wire.ts";

const port = parentPort;
if (!port) throw new Error("engine.thread.ts runs only as a worker thread");
// ENGINE_THREADS, passed by engine-thread.ts (the thread reads no environment)
const data = workerData as
  | { isnetThreads?: number; sharedPixels?: boolean; pack?: ThreadPack | null }
  | undefined;
setIsnetThreads(data?.isnetThreads);
// the photographic pack verified so far (later changes come as setPhotoPack calls)
if (data?.pack) setPhotoPack(data.pack.dir, data.pack.present);
const sharedPixels = data?.sharedPixels !== false;

port.on("message", async (msg: ThreadRequest) => {
  let answer: ThreadResponse;
  try {
    const op = engineOps[msg.op as EngineOp] as (...args: unknown[]) => Promise<unknown>;
    if (typeof op !== "function") throw new Error(`unknown engine op "${msg.op}"`);
    const value = await op(...(revive(msg.args) as unknown[]));
    answer = {
      id: msg.id,
      ok: true,
      value: sharedPixels ? withSharedPixels(msg.op, value) : value,
    };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    answer = {
      id: msg.id,
      ok: false,
      error: {
        message: e.message,
        name: e.name,
        stack: e.stack,
        ...(isEngineError(err) ? { code: err.code } : {}),
      },
    };
  }
  postWithTransfer(port, answer);
});
