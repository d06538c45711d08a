// The cut-out editor's pixel work, kept free of React and the DOM so it can be tested alone:
// a mask is one byte per pixel (0 = background, 255 = product) at the editor's working size.

export interface WorkingMask {
  width: number;
  height: number;
  alpha: Uint8Array;
}

/** erase takes pixels out of the product, restore puts them back */
export type BrushMode = "erase" | "restore";

const maskValue = (mode: BrushMode) => (mode === "restore" ? 255 : 0);

/** A round dab of `radius` pixels at (cx, cy); returns whether any pixel changed. */
export function dab(mask: WorkingMask, cx: number, cy: number, radius: number, mode: BrushMode) {
  const v = maskValue(mode);
  const r = Math.max(0.5, radius);
  const r2 = r * r;
  const x0 = Math.max(0, Math.floor(cx - r));
  const x1 = Math.min(mask.width - 1, Math.ceil(cx + r));
  const y0 = Math.max(0, Math.floor(cy - r));
  const y1 = Math.min(mask.height - 1, Math.ceil(cy + r));
  let changed = false;
  for (let y = y0; y <= y1; y++) {
    const dy = y + 0.5 - cy;
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - cx;
      if (dx * dx + dy * dy > r2) continue;
      const i = y * mask.width + x;
      if (mask.alpha[i] !== v) {
        mask.alpha[i] = v;
        changed = true;
      }
    }
  }
  return changed;
}

/** The brush dragged from one point to the next: dabs close enough to leave no gaps. */
export function stroke(
  mask: WorkingMask,
  from: { x: number; y: number },
  to: { x: number; y: number },
  radius: number,
  mode: BrushMode,
) {
  const dist = Math.hypot(to.x - from.x, to.y - from.y);
  const steps = Math.max(1, Math.ceil(dist / Math.max(1, radius / 3)));
  let changed = false;
  for (let s = 1; s <= steps; s++) {
    const t = s / steps;
    if (dab(mask, from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t, radius, mode)) {
      changed = true;
    }
  }
  return changed;
}

/**
 * A tap: the connected region of the photo around (x, y) whose colour is within `tolerance`
 * (0..255, distance in RGB) of the tapped pixel's becomes product (restore) or background
 * (erase). 4-connected scanline fill, O(pixels in the region). Returns how many pixels it set.
 */
export function fillRegion(
  mask: WorkingMask,
  photo: { data: Uint8ClampedArray | Uint8Array },
  x: number,
  y: number,
  tolerance: number,
  mode: BrushMode,
): number {
  const { width: w, height: h, alpha } = mask;
  const sx = Math.floor(x);
  const sy = Math.floor(y);
  if (sx < 0 || sy < 0 || sx >= w || sy >= h) return 0;
  const px = photo.data;
  const s = (sy * w + sx) * 4;
  const r0 = px[s]!;
  const g0 = px[s + 1]!;
  const b0 = px[s + 2]!;
  const limit = tolerance * tolerance * 3;
  const seen = new Uint8Array(w * h);
  const similar = (i: number) => {
    const dr = px[i * 4]! - r0;
    const dg = px[i * 4 + 1]! - g0;
    const db = px[i * 4 + 2]! - b0;
    return dr * dr + dg * dg + db * db <= limit;
  };
  const v = maskValue(mode);
  let count = 0;
  const stack = [sx, sy];
  while (stack.length) {
    const cy = stack.pop()!;
    let cx = stack.pop()!;
    let i = cy * w + cx;
    if (seen[i]) continue;
    // to the start of this run
    while (cx > 0 && !seen[i - 1] && similar(i - 1)) {
      cx--;
      i--;
    }
    let up = false;
    let down = false;
    for (; cx < w && !seen[i] && similar(i); cx++, i++) {
      seen[i] = 1;
      alpha[i] = v;
      count++;
      if (cy > 0) {
        const a = !seen[i - w] && similar(i - w);
        if (a && !up) stack.push(cx, cy - 1);
        up = a;
      }
      if (cy < h - 1) {
        const b = !seen[i + w] && similar(i + w);
        if (b && !down) stack.push(cx, cy + 1);
        down = b;
      }
    }
  }
  return count;
}

/** Undo and redo by whole masks: a stroke or a tap is one step. */
export class MaskHistory {
  private past: Uint8Array[] = [];
  private future: Uint8Array[] = [];
  constructor(private readonly limit = 30) {}
  /** call before changing the mask, with its current state */
  record(current: Uint8Array) {
    this.past.push(current.slice());
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
  }
  /** forget the last record (the stroke changed nothing) */
  drop() {
    this.past.pop();
  }
  undo(current: Uint8Array): Uint8Array | null {
    const prev = this.past.pop();
    if (!prev) return null;
    this.future.push(current.slice());
    return prev;
  }
  redo(current: Uint8Array): Uint8Array | null {
    const next = this.future.pop();
    if (!next) return null;
    this.past.push(current.slice());
    return next;
  }
  get canUndo() {
    return this.past.length > 0;
  }
  get canRedo() {
    return this.future.length > 0;
  }
  clear() {
    this.past = [];
    this.future = [];
  }
}

/** the editor's working size: the photo scaled to at most `maxSide`, its aspect kept */
export function workingSize(width: number, height: number, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
