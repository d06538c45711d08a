// ISNet's ONNX file fixes its input at 1×3×1024×1024: the export traced each
// `_upsample_like(src, tar)` as Resize(src, sizes = Concat(Shape(src)[0:2], Constant[H, W])),
// H and W frozen at the sizes a 1024² input gives. The convolutions themselves run at any size.
// This rewrite makes each Resize take H and W from the tensor it is joined to (the Concat it
// feeds), or from the input for the side outputs, and declares the input and output height and
// width as named dimensions. A small photo can then run at 512² or 640²: a quarter to 40 % of
// the work (docs/decisions/0506). The weights are copied through untouched.

import {
  GRAPH_INPUT,
  GRAPH_NODE,
  GRAPH_OUTPUT,
  GRAPH_VALUE_INFO,
  MODEL_GRAPH,
  NODE_INPUT,
  NODE_OP,
  NODE_OUTPUT,
  SHAPE_DIM,
  TENSOR_SHAPE,
  TYPE_TENSOR,
  VALUE_NAME,
  VALUE_TYPE,
} from "./onnx-fields.ts";
import { intAttr, node } from "./onnx-nodes.ts";
import {
  editMessage,
  type Field,
  mapField,
  readFields,
  text,
  textField,
  writeFields,
} from "./onnx-wire.ts";

interface Node {
  op: string;
  ins: string[];
  outs: string[];
}

function nodeOf(f: Field): Node {
  const n = readFields(f.bytes ?? new Uint8Array());
  return {
    op: text(n.find((x) => x.no === NODE_OP)?.bytes),
    ins: n.filter((x) => x.no === NODE_INPUT).map((x) => text(x.bytes)),
    outs: n.filter((x) => x.no === NODE_OUTPUT).map((x) => text(x.bytes)),
  };
}

/** Shape(of)[2:4] (opset 15's start/end attributes) written to `out` */
function hwNode(of: string, out: string): Field {
  return node("Shape", `${out}/node`, [of], [out], [intAttr("start", 2), intAttr("end", 4)]);
}

/** height and width (dims 2 and 3) of one ValueInfoProto made symbolic */
function symbolicHw(value: Field): Field {
  const dim = (name: string): Uint8Array => writeFields([textField(name, 2)]);
  const inner = (no: number, edit: (fs: Field[]) => Field[]) => (fs: Field[]) =>
    mapField(fs, no, (f) => editMessage(f, edit));
  let k = 0;
  const dims = (fs: Field[]) =>
    mapField(fs, SHAPE_DIM, (d) => {
      const i = k++;
      return i === 2 ? { ...d, bytes: dim("height") } : i === 3 ? { ...d, bytes: dim("width") } : d;
    });
  return editMessage(value, inner(VALUE_TYPE, inner(TYPE_TENSOR, inner(TENSOR_SHAPE, dims))));
}

function rewriteGraph(graph: Field[]): Field[] {
  const input = text(
    readFields(graph.find((f) => f.no === GRAPH_INPUT)?.bytes ?? new Uint8Array()).find(
      (x) => x.no === VALUE_NAME,
    )?.bytes,
  );
  const nodes = graph.filter((f) => f.no === GRAPH_NODE).map(nodeOf);
  const producer = new Map(nodes.flatMap((n) => n.outs.map((o) => [o, n] as const)));
  const consumers = new Map<string, Node[]>();
  for (const n of nodes) for (const i of n.ins) consumers.set(i, [...(consumers.get(i) ?? []), n]);
  // the Concat feeding each Resize's sizes → the tensor whose H, W it must copy
  const target = new Map<string, string>();
  const frozen = new Set<string>();
  for (const r of nodes.filter((n) => n.op === "Resize")) {
    const sizes = producer.get(r.ins[3] ?? "");
    if (sizes?.op !== "Concat" || producer.get(sizes.ins[1] ?? "")?.op !== "Constant") continue;
    let out = r.outs[0] ?? "";
    let next = consumers.get(out)?.[0];
    while (next?.op === "Cast") {
      out = next.outs[0] ?? "";
      next = consumers.get(out)?.[0];
    }
    const joined = next?.op === "Concat" ? next.ins.find((i) => i !== out) : undefined;
    target.set(sizes.outs[0] ?? "", joined ?? input);
    const hw = sizes.ins[1] ?? "";
    if (consumers.get(hw)?.length === 1) frozen.add(hw);
  }
  const out: Field[] = [];
  for (const f of graph) {
    if (f.no === GRAPH_VALUE_INFO) continue; // shapes inferred for 1024² only
    if (f.no === GRAPH_INPUT || f.no === GRAPH_OUTPUT) {
      out.push(symbolicHw(f));
      continue;
    }
    if (f.no !== GRAPH_NODE) {
      out.push(f);
      continue;
    }
    const n = nodeOf(f);
    if (n.op === "Constant" && frozen.has(n.outs[0] ?? "")) continue; // the frozen H, W
    const of = target.get(n.outs[0] ?? "");
    if (of === undefined) {
      out.push(f);
      continue;
    }
    const hw = `${n.outs[0]}/hw`;
    out.push(hwNode(of, hw));
    let k = 0;
    out.push(
      editMessage(f, (fs) => mapField(fs, NODE_INPUT, (i) => (k++ === 1 ? textField(hw, 1) : i))),
    );
  }
  return out;
}

/** The model with a free input size (multiples of 32). */
export function withDynamicSize(model: Uint8Array): Uint8Array {
  return writeFields(mapField(readFields(model), MODEL_GRAPH, (g) => editMessage(g, rewriteGraph)));
}
