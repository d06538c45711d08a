// Per-size working buffers, reused across renders: allocating ~10 MB of typed arrays per
// scene showed up as a tenth of the render time in garbage collection. A render takes a set
// and gives it back when done, so concurrent renders never share one.

export class Scratch {
  readonly rgb: Uint8Array;
  readonly depth: Float32Array;
  readonly ids: Uint8Array;
  readonly edge: Uint8Array;
  readonly map: Float32Array;
  readonly tmp: Float32Array;
  readonly dst: Float32Array;
  readonly blended: Uint8Array;
  readonly half: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const n = width * height;
    this.rgb = new Uint8Array(n * 3);
    this.depth = new Float32Array(n);
    this.ids = new Uint8Array(n);
    this.edge = new Uint8Array(n);
    this.map = new Float32Array(n);
    this.tmp = new Float32Array(n);
    this.dst = new Float32Array(n);
    this.blended = new Uint8Array(n * 3);
    this.half = new Uint8Array(Math.max(1, width >> 1) * Math.max(1, height >> 1) * 3);
  }

  #reflections: Float32Array | undefined;

  /** a flat lay's traced reflections on the raster's grid (raster.ts): 4 floats a grid pixel */
  reflections(): Float32Array {
    this.#reflections ??= new Float32Array(((this.width >> 1) + 1) * ((this.height >> 1) + 1) * 4);
    return this.#reflections;
  }
}

const pool = new Map<string, Scratch[]>();
const MAX_SIZES = 4;

export function takeScratch(width: number, height: number): Scratch {
  const free = pool.get(`${width}x${height}`);
  return free?.pop() ?? new Scratch(width, height);
}

export function giveScratch(s: Scratch): void {
  const key = `${s.width}x${s.height}`;
  let free = pool.get(key);
  if (!free) {
    // keep a few sizes only: thumbnails and odd frames must not pin memory forever
    if (pool.size >= MAX_SIZES) pool.delete(pool.keys().next().value!);
    free = [];
    pool.set(key, free);
  }
  if (free.length < 2) free.push(s);
}
