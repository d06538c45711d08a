import { describe, expect, it } from "vitest";
import { warmRender } from "./warm-render.ts";

describe("warmRender", () => {
  it("renders the full warm-up (prompted sets, up to the full frame) and the box of 0506", async () => {
    await expect(warmRender()).resolves.toBeUndefined();
    await expect(warmRender({ full: false })).resolves.toBeUndefined();
  }, 60_000);
});
