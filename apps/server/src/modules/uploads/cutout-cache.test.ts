import type { Cutout } from "@studio/engine";
import { describe, expect, it } from "vitest";
import { createCutoutCache, cutoutCacheKey } from "./cutout-cache.ts";

const cutOf = (bytes: number, shared = true): Cutout => ({
  width: 1,
  height: bytes / 4,
  rgba: Buffer.from(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes)),
  bbox: { x: 0, y: 0, width: 1, height: 1 },
  colors: [],
  method: "classical",
});

describe("cutout cache", () => {
  it("keeps cut-outs whose pixels are shared, the least recently used going first", () => {
    const cache = createCutoutCache(400);
    const [a, b, c] = [cutOf(100), cutOf(100), cutOf(100)];
    cache.set("a", a);
    cache.set("b", b);
    cache.set("c", c);
    expect(cache.get("a")).toBe(a); // a is now the most recent
    cache.set("d", cutOf(100));
    cache.set("e", cutOf(100));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(a);
    expect(cache.bytes).toBe(400);
  });

  it("keeps no pixels a render could move away, and none too large for the budget", () => {
    const cache = createCutoutCache(400);
    cache.set("own", cutOf(100, false));
    cache.set("large", cutOf(204));
    expect(cache.get("own")).toBeUndefined();
    expect(cache.get("large")).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it("names a cut-out by upload, version and file", () => {
    expect(cutoutCacheKey("u1", 2, "uploads/u1/cutout-edited.png")).not.toBe(
      cutoutCacheKey("u1", 3, "uploads/u1/cutout-edited.png"),
    );
  });
});
