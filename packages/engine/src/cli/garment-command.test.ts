import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { garmentSvg } from "../../test/fixtures/synthetic-garment.ts";
import { main } from "./main.ts";

let err = "";
beforeEach(() => {
  err = "";
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  vi.spyOn(process.stderr, "write").mockImplementation((s) => {
    err += String(s);
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

describe("photoshoot garment", { timeout: 60_000 }, () => {
  it("writes the asked number of photos of the asked style", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "photoshoot-garment-"));
    const file = path.join(dir, "tee.png");
    await writeFile(
      file,
      await sharp(Buffer.from(garmentSvg({ garment: "tee", hook: true })))
        .png()
        .toBuffer(),
    );
    const code = await main([
      "garment",
      file,
      "--style",
      "hanger",
      "--count",
      "2",
      "--size",
      "320x400",
      "--out",
      path.join(dir, "out"),
    ]);
    expect(code, err).toBe(0);
    const files = (await readdir(path.join(dir, "out"))).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^tee-hanger-.*-1\.jpg$/);
    expect(err).toMatch(/top \(detected\), removed hook/);
    const meta = await sharp(path.join(dir, "out", files[0]!)).metadata();
    expect([meta.width, meta.height]).toEqual([320, 400]);
  });

  it("refuses an unknown style with usage (exit 2)", async () => {
    expect(await main(["garment", "x.jpg", "--style", "catwalk"])).toBe(2);
    expect(err).toMatch(/--style must be one of flatlay, hanger, ghost, dress-form/);
  });
});
