import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { syntheticClock } from "../../test/fixtures/synthetic-clock.ts";
import { syntheticPhoto } from "../../test/fixtures/synthetic-product.ts";
import { main } from "./main.ts";

let out = "";
let err = "";
beforeEach(() => {
  out = "";
  err = "";
  vi.spyOn(process.stdout, "write").mockImplementation((s) => {
    out += String(s);
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((s) => {
    err += String(s);
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

async function fixture(): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "photoshoot-cli-"));
  const file = path.join(dir, "bottle.jpg");
  await writeFile(
    file,
    (await syntheticPhoto({ shape: "bottle", width: 320, height: 400 }, "jpeg")).bytes,
  );
  return { dir, file };
}

describe("photoshoot CLI", { timeout: 60_000 }, () => {
  it("generate writes the photos and reports progress on stderr", async () => {
    const { dir, file } = await fixture();
    const code = await main([
      "generate",
      file,
      "--prompt",
      "on oak",
      "--count",
      "2",
      "--out",
      path.join(dir, "out"),
      "--method",
      "classical",
      "--format",
      "png",
      "--seed",
      "3",
    ]);
    expect(err).toContain("done");
    expect(code).toBe(0);
    const files = (await readdir(path.join(dir, "out"))).sort();
    expect(files).toHaveLength(2);
    expect(out.trim().split("\n")).toHaveLength(2);
    const meta = await sharp(await readFile(path.join(dir, "out", files[0]!))).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1024, 1024, "png"]);
  });

  it("cutout writes a transparent PNG of the product", async () => {
    const { dir, file } = await fixture();
    const target = path.join(dir, "cut.png");
    expect(await main(["cutout", file, "--out", target, "--method", "classical"])).toBe(0);
    const meta = await sharp(await readFile(target)).metadata();
    expect(meta.hasAlpha).toBe(true);
    expect(meta.width).toBeLessThan(200); // cropped to the bottle
  });

  it("check-amazon passes an Amazon preset output and fails the raw photo", async () => {
    const { dir, file } = await fixture();
    expect(
      await main(["generate", file, "--preset", "amazon", "--out", dir, "--method", "classical"]),
    ).toBe(0);
    const amazon = out.trim().split("\n").pop()!;
    out = "";
    expect(await main(["check-amazon", amazon])).toBe(0);
    expect(out).toMatch(/^PASS/);
    out = "";
    expect(await main(["check-amazon", file])).toBe(1);
    expect(out).toMatch(/^FAIL/);
    expect(out).toMatch(/at least 500 px/);
  });

  it("plan --photo reads the product's kind from the photo; a prompt naming one wins", async () => {
    const { dir } = await fixture();
    const file = path.join(dir, "clock.png");
    await writeFile(file, await syntheticClock());
    const plan = async (...extra: string[]) => {
      out = "";
      const args = ["plan", "--photo", file, "--method", "classical", "--json", ...extra];
      expect(await main(args)).toBe(0);
      return JSON.parse(out);
    };
    const seen = await plan();
    expect(seen.understood.product).toMatchObject({ kind: "clock", source: "photo" });
    expect(seen.understood.product.confidence).toBeGreaterThan(0.5);
    expect(seen.shots).toHaveLength(4);
    for (const s of seen.shots) expect(s.stands).toBe("table");
    const typed = await plan("--prompt", "a red sofa");
    expect(typed.understood.product).toMatchObject({ kind: "sofa", source: "prompt" });
    for (const s of typed.shots) expect(s.stands).toBe("floor");
    expect(await main(["plan", "--photo", path.join(dir, "missing.jpg")])).toBe(2);
  });

  it("explains wrong usage and refused files", async () => {
    expect(await main(["frobnicate"])).toBe(2);
    expect(err).toMatch(/Unknown command/);
    expect(await main(["generate", "/nonexistent.jpg"])).toBe(2);
    expect(err).toMatch(/Cannot read/);
    const { dir, file } = await fixture();
    expect(await main(["generate", file, "--count", "many"])).toBe(2);
    expect(await main(["generate", file, "--preset", "myspace"])).toBe(2);
    const junk = path.join(dir, "junk.jpg");
    await writeFile(junk, "not an image at all");
    err = "";
    expect(await main(["cutout", junk, "--out", path.join(dir, "x.png")])).toBe(1);
    expect(err).toMatch(/UNSUPPORTED_FORMAT/);
    expect(await main(["templates"])).toBe(0);
    expect(out.trim().split("\n").length).toBeGreaterThanOrEqual(24);
  });
});
