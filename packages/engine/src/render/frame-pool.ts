// Whole frames (a 1024² RGB frame is 3 MB) reused across the shots of a generation: the set's
// upscaled pixels, the composite's copy of them, the light wrap's background. Allocated per shot
// they were a third of the ~30 MB of typed arrays a shot leaves to the garbage collector, which
// ran a mark-compact about every second shot (decision 0555). A frame goes back only where its
// last reader is known (generate.ts once the shot is composited and its JPEG encoded; the light
// wrap's at the end of paintProduct); a frame that is never given back is simply collected.
// Every taker overwrites all of a frame's bytes, so what it held before never shows.

const free = new Map<number, Buffer[]>();
/** the frames handed out and not given back: only those can come back, once each */
const out = new WeakSet<Buffer>();
const MAX_PER_SIZE = 4;
/** bytes kept free at most, all sizes: odd frames must not pin memory in a long-lived thread */
const MAX_BYTES = 48 * 1024 * 1024;
let kept = 0;

/** a frame of `bytes` bytes with undefined contents (the caller writes every byte) */
export function takeFrame(bytes: number): Buffer {
  const frame = free.get(bytes)?.pop();
  if (frame) kept -= bytes;
  // its own ArrayBuffer, not a slice of Node's pool: typed views over `.buffer` see only it
  const f = frame ?? Buffer.from(new ArrayBuffer(bytes));
  out.add(f);
  return f;
}

/** a frame from takeFrame whose last reader is done; anything else is ignored */
export function giveFrame(frame: Buffer | Uint8Array | undefined): void {
  if (!frame || !out.has(frame as Buffer)) return;
  out.delete(frame as Buffer);
  const bytes = frame.byteLength;
  if (kept + bytes > MAX_BYTES) return;
  const list = free.get(bytes) ?? [];
  free.set(bytes, list);
  if (list.length >= MAX_PER_SIZE) return;
  list.push(frame as Buffer);
  kept += bytes;
}
