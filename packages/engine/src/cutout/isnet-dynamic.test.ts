// The rewrite that frees ISNet's input size, checked on the model the project ships: the
// declared input becomes height × width, and every Resize takes its size from a Shape node.
// The inference itself at a free size is covered by cutout.test.ts (a 480×600 photo runs at
// 608²).
import { describe, expect, it } from "vitest";
import { withDynamicSize } from "./isnet-dynamic.ts";
import { ISNET_MIN_SIZE, ISNET_SIZE, isnetSide, readModel } from "./isnet-model.ts";
import { readFields, text, textField, writeFields } from "./onnx-wire.ts";

describe("onnx-wire", () => {
  it("reads back what it writes, varints over 2^32 included", () => {
    const bytes = writeFields([
      { no: 1, wire: 0, value: 2 ** 40 + 5 },
      textField("Shape", 4),
      { no: 5, wire: 5, bytes: Uint8Array.of(1, 2, 3, 4) },
    ]);
    const [a, b, c] = readFields(bytes);
    expect(a).toMatchObject({ no: 1, wire: 0, value: 2 ** 40 + 5 });
    expect(text(b?.bytes)).toBe("Shape");
    expect([...(c?.bytes ?? [])]).toEqual([1, 2, 3, 4]);
  });
});

describe("isnetSide", () => {
  it("runs a photo at its own size, rounded up to 32, between 512 and 1024", () => {
    expect(isnetSide(640, 480)).toBe(640);
    expect(isnetSide(480, 600)).toBe(608);
    expect(isnetSide(284, 398)).toBe(ISNET_MIN_SIZE);
    expect(isnetSide(1024, 683)).toBe(ISNET_SIZE);
    expect(isnetSide(640, 480, { fitSize: false })).toBe(ISNET_SIZE);
  });
});

describe("withDynamicSize", { timeout: 60_000 }, () => {
  it("declares a free height and width and sizes every Resize from a tensor", async () => {
    const model = readFields(withDynamicSize(await readModel("medium")));
    const graph = readFields(model.find((f) => f.no === 7)?.bytes ?? new Uint8Array());
    const input = graph.find((f) => f.no === 11);
    expect(text(input?.bytes)).toContain("height");
    expect(text(input?.bytes)).toContain("width");
    expect(graph.some((f) => f.no === 13)).toBe(false);
    const ops = graph
      .filter((f) => f.no === 1)
      .map((f) => readFields(f.bytes ?? new Uint8Array()))
      .map((n) => ({
        op: text(n.find((x) => x.no === 4)?.bytes),
        out: text(n.find((x) => x.no === 2)?.bytes),
      }));
    const resizes = ops.filter((o) => o.op === "Resize").length;
    const hw = ops.filter((o) => o.op === "Shape" && o.out.endsWith("/hw")).length;
    expect(resizes).toBeGreaterThan(30);
    expect(hw).toBe(resizes);
  });
});
