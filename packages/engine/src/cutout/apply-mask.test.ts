import { describe, expect, it } from "vitest";
import { isEngineError } from "../input/engine-error.ts";
import type { DecodedImage } from "../types.ts";
import { applyMask } from "./apply-mask.ts";

function grey(width: number, height: number): DecodedImage {
  return { width, height, rgba: Buffer.alloc(width * height * 4, 128) } as DecodedImage;
}

/** a mask whose left `share` of every row is product */
function leftPart(width: number, height: number, share: number) {
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) alpha.fill(255, y * width, y * width + width * share);
  return { width, height, alpha };
}

describe("applyMask", () => {
  it("puts the mask into alpha at the photo's size", async () => {
    const cut = await applyMask(grey(80, 60), leftPart(80, 60, 0.5));
    expect(cut.method).toBe("edited");
    expect(cut.bbox).toEqual({ x: 0, y: 0, width: 40, height: 60 });
    expect(cut.rgba[3]).toBe(255);
    expect(cut.rgba[(30 * 80 + 70) * 4 + 3]).toBe(0);
  });

  it("scales a mask painted on a smaller preview to the photo", async () => {
    const cut = await applyMask(grey(200, 100), leftPart(100, 50, 0.5));
    expect(cut.bbox.height).toBe(100);
    expect(Math.abs(cut.bbox.width - 100)).toBeLessThanOrEqual(2);
    expect(cut.rgba[(50 * 200 + 20) * 4 + 3]).toBe(255);
    expect(cut.rgba[(50 * 200 + 180) * 4 + 3]).toBe(0);
  });

  it("refuses an empty mask and a mask of another shape", async () => {
    const empty = await applyMask(grey(40, 40), leftPart(40, 40, 0)).catch((e: unknown) => e);
    expect(isEngineError(empty) && empty.code).toBe("NO_SUBJECT");
    const wide = await applyMask(grey(40, 40), leftPart(80, 40, 0.5)).catch((e: unknown) => e);
    expect(isEngineError(wide) && wide.code).toBe("INVALID_ARGUMENT");
  });
});
