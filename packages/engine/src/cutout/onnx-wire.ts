// A minimal protobuf wire-format walker for ONNX files: enough to read a graph's nodes and
// rewrite a few nested fields without a protobuf library or a generated schema (no npm
// dependency for ~100 lines; the field numbers are onnx.proto's and never change).

export interface Field {
  no: number;
  /** 0 varint, 1 fixed64, 2 length-delimited, 5 fixed32 */
  wire: number;
  /** varint value (wire 0) */
  value?: number;
  /** raw payload (wire 1, 2, 5), a view into the source buffer */
  bytes?: Uint8Array;
}

function readVarint(buf: Uint8Array, at: number): [number, number] {
  let v = 0;
  let mul = 1;
  for (;;) {
    const b = buf[at++]!;
    v += (b & 0x7f) * mul;
    if (b < 0x80) return [v, at];
    mul *= 128;
  }
}

function writeVarint(v: number, out: number[]): void {
  while (v >= 0x80) {
    out.push((v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

/** The top-level fields of one message. */
export function readFields(buf: Uint8Array): Field[] {
  const out: Field[] = [];
  let at = 0;
  while (at < buf.length) {
    const [tag, p] = readVarint(buf, at);
    at = p;
    const no = Math.floor(tag / 8);
    const wire = tag & 7;
    if (wire === 0) {
      const [value, q] = readVarint(buf, at);
      out.push({ no, wire, value });
      at = q;
    } else if (wire === 2) {
      const [len, q] = readVarint(buf, at);
      out.push({ no, wire, bytes: buf.subarray(q, q + len) });
      at = q + len;
    } else if (wire === 1 || wire === 5) {
      const n = wire === 1 ? 8 : 4;
      out.push({ no, wire, bytes: buf.subarray(at, at + n) });
      at += n;
    } else {
      throw new Error(`unsupported protobuf wire type ${wire}`);
    }
  }
  return out;
}

/** One message made of `fields`, in order. */
export function writeFields(fields: readonly Field[]): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  for (const f of fields) {
    const head: number[] = [];
    writeVarint(f.no * 8 + f.wire, head);
    if (f.wire === 0) writeVarint(f.value ?? 0, head);
    else if (f.wire === 2) writeVarint(f.bytes?.length ?? 0, head);
    const h = Uint8Array.from(head);
    parts.push(h);
    size += h.length;
    if (f.wire !== 0 && f.bytes) {
      parts.push(f.bytes);
      size += f.bytes.length;
    }
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export const text = (b: Uint8Array | undefined): string =>
  b ? Buffer.from(b.buffer, b.byteOffset, b.length).toString("utf8") : "";

export const textField = (s: string, no: number): Field => ({
  no,
  wire: 2,
  bytes: Buffer.from(s, "utf8"),
});

/** `fields` with each field numbered `no` replaced by `edit(field)` (null drops it). */
export function mapField(
  fields: readonly Field[],
  no: number,
  edit: (f: Field) => Field | null,
): Field[] {
  const out: Field[] = [];
  for (const f of fields) {
    const e = f.no === no ? edit(f) : f;
    if (e) out.push(e);
  }
  return out;
}

/** A length-delimited field whose message is rewritten by `edit`. */
export function editMessage(f: Field, edit: (inner: Field[]) => Field[]): Field {
  return { ...f, bytes: writeFields(edit(readFields(f.bytes ?? new Uint8Array()))) };
}
