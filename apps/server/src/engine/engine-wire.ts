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

/**
 * The pixels of a cut-out the thread answers with, moved into a SharedArrayBuffer (one copy,
 * in the engine thread): the caller's thread and the second render thread then read the same
 * memory, where a 12 MP cut-out (~48 MB, from sharp's native memory, which cannot be
 * transferred) was copied back to the caller and copied again for the second thread
 * (decision 0553). Renders only read a cut-out's pixels, so sharing them is safe.
 */
export function sharePixels<T extends { rgba: Buffer }>(cut: T): T {
  if (cut.rgba.buffer instanceof SharedArrayBuffer) return cut;
  const shared = Buffer.from(new SharedArrayBuffer(cut.rgba.byteLength));
  shared.set(cut.rgba);
  return { ...cut, rgba: shared };
}

/** the answer of `op`, with any cut-out's pixels in shared memory (see sharePixels) */
export function withSharedPixels(op: string, value: unknown): unknown {
  if (op === "loadCutout") return sharePixels(value as { rgba: Buffer });
  if (op === "cutoutPhoto" || op === "maskPhoto") {
    const r = value as { cutout: { rgba: Buffer } };
    return { ...r, cutout: sharePixels(r.cutout) };
  }
  return value;
}
