// Field numbers of onnx.proto (ModelProto, GraphProto, NodeProto, AttributeProto,
// TensorProto, ValueInfoProto, TypeProto), shared by the model rewrites that walk a model with
// onnx-wire.ts. From onnx/onnx.proto; they never change between ONNX versions.
export const ATTR_NAME = 1;
export const ATTR_TYPE_INT = 2;
export const ATTR_I = 3;
export const ATTR_T = 5;
export const ATTR_TYPE = 20;
export const GRAPH_NODE = 1;
export const GRAPH_INITIALIZER = 5;
export const GRAPH_INPUT = 11;
export const GRAPH_OUTPUT = 12;
export const GRAPH_VALUE_INFO = 13;
export const MODEL_GRAPH = 7;
export const NODE_INPUT = 1;
export const NODE_OUTPUT = 2;
export const NODE_NAME = 3;
export const NODE_OP = 4;
export const NODE_ATTRIBUTE = 5;
export const SHAPE_DIM = 1;
export const TENSOR_DIMS = 1;
export const TENSOR_ELEM_TYPE = 1;
export const TENSOR_TYPE = 2;
export const TENSOR_SHAPE = 2;
export const TENSOR_NAME = 8;
export const TENSOR_RAW = 9;
export const TYPE_TENSOR = 1;
export const VALUE_NAME = 1;
export const VALUE_TYPE = 2;
