import { describe, expect, it } from "vitest";
import { dab, fillRegion, MaskHistory, stroke, type WorkingMask, workingSize } from "./mask-ops.ts";

const blank = (w: number, h: number, v = 0): WorkingMask => ({
  width: w,
  height: h,
  alpha: new Uint8Array(w * h).fill(v),
});
const sum = (m: WorkingMask) => m.alpha.reduce((a, b) => a + (b ? 1 : 0), 0);

describe("brush", () => {
  it("paints a round dab and erases it again", () => {
    const m = blank(40, 40);
    expect(dab(m, 20, 20, 5, "restore")).toBe(true);
    const n = sum(m);
    expect(n).toBeGreaterThan(70); // ≈ π·25
    expect(n).toBeLessThan(90);
    expect(m.alpha[20 * 40 + 20]).toBe(255);
    expect(m.alpha[20 * 40 + 30]).toBe(0);
    expect(dab(m, 20, 20, 5, "restore")).toBe(false); // nothing new
    dab(m, 20, 20, 6, "erase");
    expect(sum(m)).toBe(0);
  });

  it("leaves no gaps along a fast stroke and stays inside the frame", () => {
    const m = blank(100, 20);
    stroke(m, { x: -10, y: 10 }, { x: 110, y: 10 }, 3, "restore");
    for (let x = 0; x < 100; x++) expect(m.alpha[10 * 100 + x], `x=${x}`).toBe(255);
  });
});

describe("region", () => {
  // left half red, right half blue, a green square in the blue
  const w = 20;
  const h = 10;
  const photo = { data: new Uint8ClampedArray(w * h * 4) };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const green = x >= 14 && x < 18 && y >= 3 && y < 7;
      photo.data.set(
        green ? [0, 200, 0, 255] : x < 10 ? [200, 10, 10, 255] : [10, 10, 200, 255],
        i,
      );
    }
  }

  it("takes the connected region of similar colour around the tap", () => {
    const m = blank(w, h);
    expect(fillRegion(m, photo, 2, 2, 30, "restore")).toBe(100);
    expect(m.alpha[5 * w + 9]).toBe(255);
    expect(m.alpha[5 * w + 10]).toBe(0);
    // the blue around the green square: everything blue, not the square
    const b = blank(w, h, 255);
    expect(fillRegion(b, photo, 12, 1, 30, "erase")).toBe(100 - 16);
    expect(b.alpha[5 * w + 15]).toBe(255);
  });

  it("a wide tolerance reaches further; a tap outside does nothing", () => {
    const m = blank(w, h);
    expect(fillRegion(m, photo, 2, 2, 255, "restore")).toBe(w * h);
    expect(fillRegion(m, photo, -1, 2, 30, "erase")).toBe(0);
  });
});

describe("history", () => {
  it("undoes and redoes whole steps", () => {
    const h = new MaskHistory(2);
    let cur: Uint8Array = new Uint8Array([0, 0]);
    h.record(cur);
    cur = new Uint8Array([1, 0]);
    h.record(cur);
    cur = new Uint8Array([1, 1]);
    expect(h.canRedo).toBe(false);
    cur = h.undo(cur) ?? cur;
    expect([...cur]).toEqual([1, 0]);
    cur = h.undo(cur) ?? cur;
    expect([...cur]).toEqual([0, 0]);
    expect(h.undo(cur)).toBeNull();
    cur = h.redo(cur) ?? cur;
    cur = h.redo(cur) ?? cur;
    expect([...cur]).toEqual([1, 1]);
    // a new step forgets what could be redone
    h.undo(cur);
    h.record(cur);
    expect(h.canRedo).toBe(false);
  });
});

it("scales the working size down only", () => {
  expect(workingSize(4000, 3000, 1200)).toEqual({ width: 1200, height: 900 });
  expect(workingSize(300, 200, 1200)).toEqual({ width: 300, height: 200 });
});
