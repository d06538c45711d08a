// TensorProto read and written with onnx-wire.ts: dims, data type, name, and the values as
// fp32 (fp32 or fp16 data, raw or packed), for the model rewrites (isnet-int8.ts).
import { TENSOR_DIMS, TENSOR_NAME, TENSOR_RAW, TENSOR_TYPE } from "./onnx-fields.ts";
import { type Field, readFields, text, textField, writeFields } from "./onnx-wire.ts";

const TENSOR_INT32_DATA = 5;
// TensorProto.DataType
export const FLOAT = 1;
export const UINT8 = 2;
export const INT8 = 3;
export const FLOAT16 = 10;

function halfToFloat(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return s * m * 2 ** -24;
  if (e === 31) return m ? Number.NaN : s * Number.POSITIVE_INFINITY;
  return s * (1 + m / 1024) * 2 ** (e - 15);
}

/** the values of one occurrence of a repeated integer field, packed or not */
export function repeatedInts(f: Field): number[] {
  if (f.wire === 0) return [f.value ?? 0];
  const out: number[] = [];
  const b = f.bytes ?? new Uint8Array();
  let at = 0;
  while (at < b.length) {
    let v = 0;
    let mul = 1;
    for (;;) {
      const c = b[at++]!;
      v += (c & 0x7f) * mul;
      if (c < 0x80) break;
      mul *= 128;
    }
    out.push(v);
  }
  return out;
}

/** every fp16 bit pattern's value */
const HALF = Float32Array.from({ length: 65536 }, (_, h) => halfToFloat(h));

export interface Tensor {
  name: string;
  dims: number[];
  type: number;
  fields: Field[];
}

export function tensorOf(bytes: Uint8Array): Tensor {
  const fields = readFields(bytes);
  const dims: number[] = [];
  for (const f of fields.filter((x) => x.no === TENSOR_DIMS)) dims.push(...repeatedInts(f)); // ≤ 4
  return {
    name: text(fields.find((x) => x.no === TENSOR_NAME)?.bytes),
    dims,
    type: fields.find((x) => x.no === TENSOR_TYPE)?.value ?? 0,
    fields,
  };
}

/** a tensor's values as fp32 (fp16 or fp32, raw_data or int32_data) */
export function floatsOf(t: Tensor): Float32Array {
  const raw = t.fields.find((x) => x.no === TENSOR_RAW)?.bytes;
  if (t.type === FLOAT && raw) {
    return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
  }
  if (t.type === FLOAT16) {
    if (raw) {
      const out = new Float32Array(raw.length / 2);
      for (let i = 0; i < out.length; i++) out[i] = HALF[raw[2 * i]! | (raw[2 * i + 1]! << 8)]!;
      return out;
    }
    const halves: number[] = [];
    // int32_data: varints holding the 16 bits
    for (const f of t.fields.filter((x) => x.no === TENSOR_INT32_DATA)) {
      for (const h of repeatedInts(f)) halves.push(h);
    }
    return Float32Array.from(halves, (h) => HALF[h]!);
  }
  throw new Error(`tensor ${t.name}: cannot read data type ${t.type} as floats`);
}

export function tensorBytes(
  name: string,
  dims: number[],
  type: number,
  data: Uint8Array,
): Uint8Array {
  return writeFields([
    ...dims.map((d) => ({ no: TENSOR_DIMS, wire: 0, value: d })),
    { no: TENSOR_TYPE, wire: 0, value: type },
    textField(name, TENSOR_NAME),
    { no: TENSOR_RAW, wire: 2, bytes: data },
  ]);
}

export const floatTensor = (name: string, dims: number[], v: Float32Array): Uint8Array =>
  tensorBytes(name, dims, FLOAT, new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
