// Messages between the API's thread and the engine thread, and the buffer handling both sides
// share: big pixel buffers are transferred (moved, not copied) when they own their memory.
import type { MessagePort, Worker } from "node:worker_threads";
import type { EngineErrorCode } from "@studio/engine";

export interface ThreadRequest {
  id: number;
  op: string;
  args: unknown[];
}

export type ThreadResponse =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: { message: string; name: string; stack?: string; code?: EngineErrorCode };
    };

/** ArrayBuffers of the Uint8Arrays (Buffers) in `value` that can move: they span all of their
 * memory. A Buffer sliced from Node's shared pool does not, and is copied instead. */
export function transferables(value: unknown, out = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (value instanceof Uint8Array) {
    const b = value.buffer;
    if (b instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === b.byteLength) {
      out.add(b);
    }
  } else if (Array.isArray(value)) {
    for (const v of value) transferables(v, out);
  } else if (value && typeof value === "object") {
    for (const v of Object.values(value)) transferables(v, out);
  }
  return [...out];
}

/** postMessage, moving the buffers; copies when a buffer cannot move (e.g. native memory). */
export function postWithTransfer(target: MessagePort | Worker, msg: unknown): void {
  const list = transferables(msg);
  if (list.length) {
    try {
      target.postMessage(msg, list);
      return;
    } catch {
      // not transferable (external memory): fall back to a copy
    }
  }
  target.postMessage(msg);
}

/** Structured clone turns Buffers into plain Uint8Arrays: make them Buffers again (no copy). */
export function revive(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    return Buffer.isBuffer(value)
      ? value
      : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value)) (value as Record<string, unknown>)[k] = revive(v);
  }
  return value;
}
