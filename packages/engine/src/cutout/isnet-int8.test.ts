// The int8 ISNet of isnet-int8.ts, made from the model the project ships: weights quantised per
// output channel around one zero point, every Conv turned into ConvInteger, and the network's
// answer on a synthetic photo within a small distance of the fp32 one (docs/decisions/0508).
import { describe, expect, it } from "vitest";
import { withDynamicSize } from "./isnet-dynamic.ts";
import { quantizeIsnet, quantizeWeights } from "./isnet-int8.ts";
import { readModel } from "./isnet-model.ts";
import { readFields, text } from "./onnx-wire.ts";

describe("quantizeWeights", () => {
  it("gives each output channel its own scale around the zero point 128", () => {
    const w = Float32Array.of(0.5, -1, 0.25, 0, 0.001, -0.004, 0, 0);
    const { q, scale } = quantizeWeights(w, 4);
    expect(scale[0]).toBeCloseTo(1 / 127, 8);
    expect(scale[2]).toBeCloseTo(0.004 / 127, 10);
    expect(scale[3]).toBe(1); // an all-zero channel
    expect([...q]).toEqual([192, 1, 255, 128, 160, 1, 128, 128]);
    for (let i = 0; i < w.length; i++) {
      const c = Math.floor(i / 2);
      expect(Math.abs((q[i]! - 128) * scale[c]! - w[i]!)).toBeLessThanOrEqual(scale[c]! / 2 + 1e-9);
    }
  });
});

describe("quantizeIsnet", { timeout: 300_000 }, () => {
  it("runs every Conv as ConvInteger and answers like the fp32 model", async () => {
    const shipped = await readModel("medium");
    const int8 = quantizeIsnet(shipped);
    const graph = readFields(readFields(int8).find((f) => f.no === 7)?.bytes ?? new Uint8Array());
    const ops = graph
      .filter((f) => f.no === 1)
      .map((f) => text(readFields(f.bytes ?? new Uint8Array()).find((x) => x.no === 4)?.bytes));
    expect(ops.filter((o) => o === "Conv")).toHaveLength(0);
    expect(ops.filter((o) => o === "ConvInteger").length).toBeGreaterThan(100);
    expect(int8.length).toBeLessThan(shipped.length * 0.6);

    const ort = await import("onnxruntime-node");
    const side = 512;
    const run = async (model: Uint8Array) => {
      const session = await ort.InferenceSession.create(withDynamicSize(model), {
        intraOpNumThreads: 2,
        enableCpuMemArena: false,
      });
      // a light disc on a dark, faintly striped ground, normalised as runIsnet does
      const n = side * side;
      const data = new Float32Array(3 * n);
      for (let i = 0; i < n; i++) {
        const x = i % side;
        const y = Math.floor(i / side);
        const inside = (x - side / 2) ** 2 + (y - side / 2) ** 2 < (side / 4) ** 2;
        for (let c = 0; c < 3; c++) {
          data[c * n + i] = inside ? 0.3 - 0.2 * c : -0.1 + 0.05 * Math.sin(x / 20);
        }
      }
      const input = new ort.Tensor("float32", data, [1, 3, side, side]);
      const out = await session.run({ [session.inputNames[0] ?? "input"]: input }, [
        session.outputNames[0] ?? "output",
      ]);
      await session.release();
      return out[session.outputNames[0] ?? "output"]?.data as Float32Array;
    };
    const a = await run(shipped);
    const b = await run(int8);
    let max = 0;
    let sum = 0;
    let agree = 0;
    for (let i = 0; i < a.length; i++) {
      const d = Math.abs(a[i]! - b[i]!);
      max = Math.max(max, d);
      sum += d;
      if (a[i]! >= 0.5 === b[i]! >= 0.5) agree++;
    }
    // measured: mean 3e-5, max 0.03 (docs/decisions/0508)
    expect(sum / a.length).toBeLessThan(0.002);
    expect(max).toBeLessThan(0.15);
    expect(agree / a.length).toBeGreaterThan(0.999);
  });
});
