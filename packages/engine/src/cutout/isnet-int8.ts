// ISNet with int8 convolutions, made from the shipped model by what onnxruntime's Python
// `quantize_dynamic` does for Conv (docs/decisions/0508), on top of onnx-wire.ts:
//
//   X ─ DynamicQuantizeLinear ─ Xq, Xscale, Xzero          (per tensor, uint8, at run time)
//   ConvInteger(Xq, Wq, Xzero, 128) ─ Cast(float) ─ Mul(Xscale · Wscale[c]) ─ Add(bias) ─ Y
//
// onnxruntime's CPU ConvInteger takes uint8 activations and uint8 weights with one weight zero
// point for the whole tensor (conv_integer.cc: "Non per-tensor quantization is not supported
// now"), so the weights are quantised symmetrically per output channel around a shared zero
// point of 128 (q = round(w / Wscale[c]) + 128, |q - 128| ≤ 127): a scale per channel, one zero
// point. The shipped "medium" file stores fp16 weights inside an fp16 graph; it is widened to
// fp32 first (weights, fp16 constants, Casts to fp16), since DynamicQuantizeLinear takes fp32.

import {
  ATTR_I,
  ATTR_NAME,
  ATTR_T,
  GRAPH_INITIALIZER,
  GRAPH_INPUT,
  GRAPH_NODE,
  GRAPH_OUTPUT,
  GRAPH_VALUE_INFO,
  MODEL_GRAPH,
  NODE_ATTRIBUTE,
  NODE_INPUT,
  NODE_OP,
  NODE_OUTPUT,
  TENSOR_ELEM_TYPE,
  TYPE_TENSOR,
  VALUE_TYPE,
} from "./onnx-fields.ts";
import { intAttr, node } from "./onnx-nodes.ts";
import {
  FLOAT,
  FLOAT16,
  floatsOf,
  floatTensor,
  INT8,
  type Tensor,
  tensorBytes,
  tensorOf,
  UINT8,
} from "./onnx-tensors.ts";
import {
  editMessage,
  type Field,
  mapField,
  readFields,
  text,
  textField,
  writeFields,
} from "./onnx-wire.ts";

/** an fp16 TensorProto as fp32; others unchanged */
function widenTensor(bytes: Uint8Array): Uint8Array {
  const t = tensorOf(bytes);
  if (t.type !== FLOAT16) return bytes;
  return floatTensor(t.name, t.dims, floatsOf(t));
}

/** a NodeProto with fp16 made fp32: Cast(to = fp16) and Constant(value = fp16 tensor) */
function widenNode(node: Uint8Array): Uint8Array {
  const fields = readFields(node);
  const op = text(fields.find((x) => x.no === NODE_OP)?.bytes);
  if (op !== "Cast" && op !== "Constant") return node;
  return writeFields(
    mapField(fields, NODE_ATTRIBUTE, (a) =>
      editMessage(a, (attr) => {
        const name = text(attr.find((x) => x.no === ATTR_NAME)?.bytes);
        if (op === "Cast" && name === "to") {
          return mapField(attr, ATTR_I, (i) => (i.value === FLOAT16 ? { ...i, value: FLOAT } : i));
        }
        if (op === "Constant" && name === "value") {
          return mapField(attr, ATTR_T, (t) => ({
            ...t,
            bytes: widenTensor(t.bytes ?? new Uint8Array()),
          }));
        }
        return attr;
      }),
    ),
  );
}

/** weight zero point shared by every channel (ConvInteger's CPU kernel takes one) */
const W_ZERO = 128;

/** per-output-channel symmetric uint8 weights around W_ZERO, and each channel's scale */
export function quantizeWeights(
  w: Float32Array,
  channels: number,
): { q: Uint8Array; scale: Float32Array } {
  const per = w.length / channels;
  const q = new Uint8Array(w.length);
  const scale = new Float32Array(channels);
  for (let c = 0; c < channels; c++) {
    let max = 0;
    for (let i = c * per; i < (c + 1) * per; i++) max = Math.max(max, Math.abs(w[i]!));
    const s = max > 0 ? max / 127 : 1;
    scale[c] = s;
    for (let i = c * per; i < (c + 1) * per; i++) {
      q[i] = Math.max(-127, Math.min(127, Math.round(w[i]! / s))) + W_ZERO;
    }
  }
  return { q, scale };
}

/** what becomes of each Conv: nothing, ConvInteger (dynamic), or Conv fed by DequantizeLinear */
type Form = "fp32" | "dynamic" | "qdq";

function rewriteGraph(graph: Field[], form: Form): Field[] {
  const inits = new Map<string, Tensor>();
  for (const f of graph.filter((x) => x.no === GRAPH_INITIALIZER)) {
    const t = tensorOf(f.bytes ?? new Uint8Array());
    inits.set(t.name, t);
  }
  const replaced = new Set<string>(); // float weights and biases the int8 nodes replace
  const added: Field[] = []; // new initializers
  const wZero = "int8/w_zero_point";
  if (form === "dynamic") {
    added.push({
      no: GRAPH_INITIALIZER,
      wire: 2,
      bytes: tensorBytes(wZero, [], UINT8, Uint8Array.of(W_ZERO)),
    });
  }
  const quantized = new Map<string, [string, string, string]>(); // activation → its DQL outputs
  const nodes: Field[] = [];
  let k = 0;
  for (const f of graph.filter((x) => x.no === GRAPH_NODE)) {
    const n = readFields(f.bytes ?? new Uint8Array());
    const op = text(n.find((x) => x.no === NODE_OP)?.bytes);
    const ins = n.filter((x) => x.no === NODE_INPUT).map((x) => text(x.bytes));
    const out = text(n.find((x) => x.no === NODE_OUTPUT)?.bytes);
    const weight = inits.get(ins[1] ?? "");
    if (op !== "Conv" || !weight || form === "fp32") {
      nodes.push({ ...f, bytes: widenNode(f.bytes ?? new Uint8Array()) });
      continue;
    }
    const id = `int8/${k++}`;
    if (form === "qdq") {
      // int8 weights, zero point 0, one scale per output channel, dequantised for a float Conv
      const channels = weight.dims[0] ?? 1;
      const { q, scale } = quantizeWeights(floatsOf(weight), channels);
      const signed = Int8Array.from(q, (v) => v - W_ZERO);
      replaced.add(weight.name);
      added.push({
        no: GRAPH_INITIALIZER,
        wire: 2,
        bytes: tensorBytes(`${id}/w_q`, weight.dims, INT8, new Uint8Array(signed.buffer)),
      });
      added.push({
        no: GRAPH_INITIALIZER,
        wire: 2,
        bytes: floatTensor(`${id}/w_scale`, [channels], scale),
      });
      added.push({
        no: GRAPH_INITIALIZER,
        wire: 2,
        bytes: tensorBytes(`${id}/w_zero`, [channels], INT8, new Uint8Array(channels)),
      });
      nodes.push(
        node(
          "DequantizeLinear",
          `${id}/dequantize`,
          [`${id}/w_q`, `${id}/w_scale`, `${id}/w_zero`],
          [`${id}/w`],
          [intAttr("axis", 0)],
        ),
      );
      let j = 0;
      const conv = widenNode(f.bytes ?? new Uint8Array());
      nodes.push({
        ...f,
        bytes: writeFields(
          mapField(readFields(conv), NODE_INPUT, (i) =>
            j++ === 1 ? textField(`${id}/w`, NODE_INPUT) : i,
          ),
        ),
      });
      continue;
    }
    const x = ins[0] ?? "";
    let dq = quantized.get(x);
    if (!dq) {
      dq = [`${id}/x_q`, `${id}/x_scale`, `${id}/x_zero_point`];
      nodes.push(node("DynamicQuantizeLinear", `${id}/quantize`, [x], dq));
      quantized.set(x, dq);
    }
    const channels = weight.dims[0] ?? 1;
    const { q, scale } = quantizeWeights(floatsOf(weight), channels);
    replaced.add(weight.name);
    added.push({
      no: GRAPH_INITIALIZER,
      wire: 2,
      bytes: tensorBytes(`${id}/w_q`, weight.dims, UINT8, q),
    });
    added.push({
      no: GRAPH_INITIALIZER,
      wire: 2,
      bytes: floatTensor(`${id}/w_scale`, [1, channels, 1, 1], scale),
    });
    const attrs = n.filter((x) => x.no === NODE_ATTRIBUTE);
    nodes.push(
      node("ConvInteger", `${id}/conv`, [dq[0], `${id}/w_q`, dq[2], wZero], [`${id}/y_int`], attrs),
    );
    nodes.push(
      node("Cast", `${id}/cast`, [`${id}/y_int`], [`${id}/y_float`], [intAttr("to", FLOAT)]),
    );
    nodes.push(node("Mul", `${id}/scale`, [dq[1], `${id}/w_scale`], [`${id}/y_scale`]));
    const bias = inits.get(ins[2] ?? "");
    nodes.push(
      node(
        "Mul",
        `${id}/rescale`,
        [`${id}/y_float`, `${id}/y_scale`],
        [bias ? `${id}/y_nobias` : out],
      ),
    );
    if (bias) {
      replaced.add(bias.name);
      added.push({
        no: GRAPH_INITIALIZER,
        wire: 2,
        bytes: floatTensor(`${id}/bias`, [1, channels, 1, 1], floatsOf(bias)),
      });
      nodes.push(node("Add", `${id}/bias`, [`${id}/y_nobias`, `${id}/bias`], [out]));
    }
  }
  if (form !== "fp32" && k === 0)
    throw new Error("the model has no Conv with constant weights to quantise");
  const out: Field[] = [];
  let nodesDone = false;
  for (const f of graph) {
    if (f.no === GRAPH_VALUE_INFO) continue; // intermediate types were fp16
    if (f.no === GRAPH_NODE) {
      if (!nodesDone) out.push(...nodes);
      nodesDone = true;
      continue;
    }
    if (f.no === GRAPH_INITIALIZER) {
      const t = tensorOf(f.bytes ?? new Uint8Array());
      if (!replaced.has(t.name))
        out.push({ ...f, bytes: widenTensor(f.bytes ?? new Uint8Array()) });
      continue;
    }
    if (f.no === GRAPH_INPUT || f.no === GRAPH_OUTPUT) {
      // declared fp32 already in the shipped file; make sure of it
      out.push(
        editMessage(f, (v) =>
          mapField(v, VALUE_TYPE, (t) =>
            editMessage(t, (ty) =>
              mapField(ty, TYPE_TENSOR, (tt) =>
                editMessage(tt, (fs) =>
                  mapField(fs, TENSOR_ELEM_TYPE, (e) =>
                    e.value === FLOAT16 ? { ...e, value: FLOAT } : e,
                  ),
                ),
              ),
            ),
          ),
        ),
      );
      continue;
    }
    out.push(f);
  }
  out.push(...added);
  return out;
}

/** The shipped ISNet with every Conv run as ConvInteger on dynamically quantised inputs. */
export function quantizeIsnet(model: Uint8Array): Uint8Array {
  return writeFields(
    mapField(readFields(model), MODEL_GRAPH, (g) =>
      editMessage(g, (fs) => rewriteGraph(fs, "dynamic")),
    ),
  );
}

/** The shipped ISNet with its fp16 weights and graph widened to fp32, nothing quantised. */
export function widenIsnet(model: Uint8Array): Uint8Array {
  return writeFields(
    mapField(readFields(model), MODEL_GRAPH, (g) =>
      editMessage(g, (fs) => rewriteGraph(fs, "fp32")),
    ),
  );
}

/**
 * The QDQ form: int8 weights per output channel, each Conv fed by a DequantizeLinear of them
 * (activations stay float). Smaller file; whether it runs faster is onnxruntime's choice.
 */
export function qdqIsnet(model: Uint8Array): Uint8Array {
  return writeFields(
    mapField(readFields(model), MODEL_GRAPH, (g) =>
      editMessage(g, (fs) => rewriteGraph(fs, "qdq")),
    ),
  );
}
