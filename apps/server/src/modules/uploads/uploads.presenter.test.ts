// Issue 28: an upload tells the web what the engine recognised, from the cut-out's meta.
import { describe, expect, it } from "vitest";
import { presentUpload } from "./uploads.presenter.ts";
import type { UploadRow } from "./uploads.tables.ts";

describe("the recognised kind", () => {
  it("answers the recognised kind with the upload, and nothing for meta without one", async () => {
    const tokens = { sign: async () => "tok", verify: async () => null };
    const row = {
      id: "00000000-0000-4000-8000-000000000001",
      accountId: "a",
      width: 10,
      height: 10,
      purpose: "product",
      cutoutStatus: "ready",
      cutoutVersion: 0,
      cutoutMeta: { product: { kind: "car", confidence: 0.62, source: "photo" } },
    } as unknown as UploadRow;
    expect((await presentUpload(row, tokens)).product).toEqual({
      kind: "car",
      source: "photo",
      confidence: 0.62,
    });
    const shaped = {
      ...row,
      cutoutMeta: { product: { kind: "box", confidence: 0.4, source: "shape" } },
    };
    expect((await presentUpload(shaped, tokens)).product?.source).toBe("shape");
    expect(await presentUpload({ ...row, cutoutMeta: {} }, tokens)).not.toHaveProperty("product");
  });
});
