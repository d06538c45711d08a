import { describe, expect, it } from "vitest";
import { giveFrame, takeFrame } from "./frame-pool.ts";

describe("frame pool", () => {
  it("hands a frame given back out again, once, and takes back only its own frames", () => {
    const a = takeFrame(3000);
    expect(a.byteLength).toBe(3000);
    expect(a.byteOffset).toBe(0);
    expect(a.buffer.byteLength).toBe(3000); // its own memory: views over .buffer see only it
    giveFrame(a);
    giveFrame(a); // twice: kept once
    const b = takeFrame(3000);
    const c = takeFrame(3000);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    // a buffer the pool did not hand out (a caller's, a painter's) never enters it
    const foreign = Buffer.alloc(4000);
    giveFrame(foreign);
    expect(takeFrame(4000)).not.toBe(foreign);
    giveFrame(undefined);
  });
});
