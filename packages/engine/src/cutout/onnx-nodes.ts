// NodeProto fields built with onnx-wire.ts, for the model rewrites (isnet-dynamic.ts,
// isnet-int8.ts): a node of the graph and an integer attribute.
import {
  ATTR_I,
  ATTR_NAME,
  ATTR_TYPE,
  ATTR_TYPE_INT,
  GRAPH_NODE,
  NODE_ATTRIBUTE,
  NODE_INPUT,
  NODE_NAME,
  NODE_OP,
  NODE_OUTPUT,
} from "./onnx-fields.ts";
import { type Field, textField, writeFields } from "./onnx-wire.ts";

export const intAttr = (name: string, v: number): Field => ({
  no: NODE_ATTRIBUTE,
  wire: 2,
  bytes: writeFields([
    textField(name, ATTR_NAME),
    { no: ATTR_I, wire: 0, value: v },
    { no: ATTR_TYPE, wire: 0, value: ATTR_TYPE_INT },
  ]),
});

export function node(
  op: string,
  name: string,
  ins: string[],
  outs: string[],
  attrs: Field[] = [],
): Field {
  return {
    no: GRAPH_NODE,
    wire: 2,
    bytes: writeFields([
      ...ins.map((i) => textField(i, NODE_INPUT)),
      ...outs.map((o) => textField(o, NODE_OUTPUT)),
      textField(name, NODE_NAME),
      textField(op, NODE_OP),
      ...attrs,
    ]),
  };
}
