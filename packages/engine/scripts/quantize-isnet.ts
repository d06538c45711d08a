// npx tsx packages/engine/scripts/quantize-isnet.ts [out.onnx] — writes the int8 ISNet that
// isnet-int8.ts makes from the model the project ships (docs/decisions/0508), by default to
// node_modules/.cache/studio-engine/isnet-int8.onnx (never committed: it is 44 MB and the
// recipe is the code), and prints its SHA-256: two runs give the same bytes.
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { quantizeIsnet } from "../src/cutout/isnet-int8.ts";
import { readModel } from "../src/cutout/isnet-model.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const out = process.argv[2] ?? path.join(root, "node_modules/.cache/studio-engine/isnet-int8.onnx");
const t0 = performance.now();
const model = quantizeIsnet(await readModel("medium"));
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, model);
const sha = createHash("sha256").update(model).digest("hex");
console.log(
  `${out}: ${(model.length / 1e6).toFixed(1)} MB, sha256 ${sha}, made in ${Math.round(performance.now() - t0)} ms`,
);
