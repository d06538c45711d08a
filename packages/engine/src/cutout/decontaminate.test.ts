import { describe, expect, it } from "vitest";
import { decontaminate } from "./decontaminate.ts";

describe("decontaminate", () => {
  it("keeps a fringe's colour near the product's over a busy backdrop", () => {
    // a mustard stone (200,160,80) filling the left half, on a backdrop of 2 px stripes of
    // bright red and near-black; the fringe column mixes the stone half and half with the
    // stripe beside it, so the local backdrop estimate (their mean) is wrong on every row
    const w = 64;
    const h = 64;
    const rgba = Buffer.alloc(w * h * 4);
    const product = [200, 160, 80];
    for (let y = 0; y < h; y++) {
      const back = Math.floor(y / 2) % 2 === 0 ? [230, 50, 40] : [25, 15, 10];
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 4;
        const a = x < 32 ? 1 : x === 32 ? 0.5 : 0;
        for (let c = 0; c < 3; c++) rgba[i + c] = Math.round(a * product[c]! + (1 - a) * back[c]!);
        rgba[i + 3] = Math.round(a * 255);
      }
    }
    decontaminate(rgba, w, h);
    let worst = 0;
    for (let y = 8; y < h - 8; y++) {
      const i = (y * w + 32) * 4;
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(rgba[i + c]! - product[c]!));
    }
    // the matting equation alone puts rows beside a black stripe 100 levels off
    expect(worst).toBeLessThan(40);
  });
});
