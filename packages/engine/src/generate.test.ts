import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { syntheticPhoto } from "../test/fixtures/synthetic-product.ts";
import type { GenerativeBackend } from "./backends/backend.types.ts";
import { cutout } from "./cutout/cutout.ts";
import { generate, generateFromCutout, rankImages } from "./generate.ts";
import { decodeImage } from "./input/decode.ts";
import type { EngineError } from "./input/engine-error.ts";
import { checkAmazon } from "./presets/check-amazon.ts";

const photo = () => syntheticPhoto({ shape: "bottle", width: 320, height: 400 }, "jpeg");

describe("generate", { timeout: 60_000 }, () => {
  it("turns one photo into N distinct photos, byte-identical for the same seed", async () => {
    const { bytes } = await photo();
    const req = {
      count: 3,
      seed: 11,
      width: 320,
      height: 320,
      format: "png" as const,
      prompt: "on marble",
    };
    const a = await generate(bytes, req, { cutout: { method: "classical" } });
    expect(a.cutout.method).toBe("classical");
    expect(a.images).toHaveLength(3);
    for (const img of a.images) {
      const meta = await sharp(img.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 320, 320]);
    }
    const distinct = new Set(a.images.map((i) => i.bytes.toString("base64")));
    expect(distinct.size).toBe(3);
    const b = await generateFromCutout(a.cutout, req);
    expect(b.map((i) => i.bytes.equals(a.images[i.index]!.bytes))).toEqual([true, true, true]);
    const other = await generateFromCutout(a.cutout, { ...req, seed: 12 });
    expect(other[0]!.bytes.equals(a.images[0]!.bytes)).toBe(false);
  });

  it("renders parts of the plan apart (shots) that merge into the very same outputs", async () => {
    const { bytes } = await photo();
    const cut = await cutout(await decodeImage(bytes), { method: "classical" });
    const req = { count: 4, seed: 5, width: 192, height: 192, prompt: "on marble" };
    const whole = await generateFromCutout(cut, req);
    const even = await generateFromCutout(cut, { ...req, shots: [0, 2] });
    const odd = await generateFromCutout(cut, { ...req, shots: [3, 1] });
    expect(even.map((i) => i.shot).sort()).toEqual([0, 2]);
    expect(odd.map((i) => i.shot).sort()).toEqual([1, 3]);
    const merged = rankImages([...odd, ...even]);
    expect(merged.map((i) => [i.index, i.shot, i.score])).toEqual(
      whole.map((i) => [i.index, i.shot, i.score]),
    );
    expect(merged.every((m, k) => m.bytes.equals(whole[k]!.bytes))).toBe(true);
    // shots pulled one at a time from a shared counter (two threads in the server), as they come
    let counter = 0;
    const pulled = [3, 0, 9];
    const first = await generateFromCutout(cut, { ...req, nextShot: () => pulled.shift() });
    const rest = await generateFromCutout(cut, { ...req, nextShot: () => [1, 2][counter++] });
    expect(first.map((i) => i.shot).sort()).toEqual([0, 3]); // 9 is past the plan: it stops
    expect(pulled).toEqual([]);
    expect(rankImages([...rest, ...first]).every((m, k) => m.bytes.equals(whole[k]!.bytes))).toBe(
      true,
    );
    const both = { ...req, shots: [0], nextShot: () => 1 };
    expect(((await generateFromCutout(cut, both).catch((e) => e)) as EngineError).code).toBe(
      "INVALID_ARGUMENT",
    );
    for (const shots of [[], [4], [1, 1], [0.5]]) {
      const err = await generateFromCutout(cut, { ...req, shots }).catch((e) => e);
      expect((err as EngineError).code).toBe("INVALID_ARGUMENT");
    }
  });

  it("gives one Amazon main image that passes the checker", async () => {
    const { bytes } = await photo();
    const { images } = await generate(
      bytes,
      { preset: "amazon", count: 4 },
      { cutout: { method: "classical" } },
    );
    expect(images).toHaveLength(1);
    const check = await checkAmazon(images[0]!.bytes);
    expect(check.reasons).toEqual([]);
    expect([check.metrics.width, check.metrics.height]).toEqual([2000, 2000]);
  });

  it("refuses bad requests with INVALID_ARGUMENT", async () => {
    const { bytes } = await photo();
    const cut = await cutout(await decodeImage(bytes), { method: "classical" });
    for (const req of [
      { count: 0 },
      { count: 9 },
      { seed: -1 },
      { width: 10 },
      { prompt: "x".repeat(1001) },
    ]) {
      const err = await generateFromCutout(cut, req).catch((e) => e);
      expect((err as EngineError).code).toBe("INVALID_ARGUMENT");
    }
    const err = await generateFromCutout(cut, { preset: "nope" as "web" }).catch((e) => e);
    expect((err as EngineError).code).toBe("INVALID_ARGUMENT");
    const cancelled = await generateFromCutout(cut, {
      width: 128,
      height: 128,
      signal: AbortSignal.abort(),
    }).catch((e) => e);
    expect((cancelled as EngineError).code).toBe("CANCELLED");
  });

  it("with a generative backend, pastes the untouched product over the painted background", async () => {
    const { bytes } = await photo();
    const cut = await cutout(await decodeImage(bytes), { method: "classical" });
    const seen: { prompt: string; negative: string; corner: number; productShare: number }[] = [];
    let guide: Buffer | null = null;
    let mask: Buffer | null = null;
    // an in-process painter speaking the BackendRequest interface (the HTTP protocols have their
    // own tests against local servers)
    const painter: GenerativeBackend = {
      name: "solid",
      async paintBackground(req) {
        const m = await sharp(req.mask).ensureAlpha().raw().toBuffer();
        mask = m;
        guide = await sharp(req.image).removeAlpha().raw().toBuffer();
        let opaque = 0;
        for (let i = 3; i < m.length; i += 4) if (m[i] === 255) opaque++;
        seen.push({
          prompt: req.prompt,
          negative: req.negativePrompt ?? "",
          corner: m[3]!,
          productShare: Math.round((opaque / (m.length / 4)) * 20),
        });
        return sharp({ create: { width: 64, height: 64, channels: 3, background: "#2040c0" } })
          .png()
          .toBuffer();
      },
    };
    const [img] = await generateFromCutout(cut, {
      count: 1,
      width: 256,
      height: 256,
      format: "png",
      prompt: "blue",
      backend: painter,
    });
    expect(seen).toHaveLength(1);
    // the plan in words: the brief, then the set the planner chose (backends/scene-prompt.ts)
    expect(seen[0]!.prompt).toMatch(/^professional product photograph, blue, /);
    expect(seen[0]!.prompt).toMatch(/light/);
    expect(seen[0]!.negative).toMatch(/watermark/);
    expect(seen[0]!.corner).toBe(0); // background: to be painted
    expect(seen[0]!.productShare).toBeGreaterThan(0); // product: kept
    const out = await sharp(img!.bytes).raw().toBuffer();
    // the corner is the painted background (with a camera's grain: composite/match-grain.ts)
    [32, 64, 192].forEach((v, c) => {
      expect(Math.abs(out[c]! - v)).toBeLessThanOrEqual(6);
    });
    // wherever the product is opaque, the output is the product's pixel, not the painter's
    let opaque = 0;
    let changed = 0;
    for (let i = 0; i < 256 * 256; i++) {
      if (mask![i * 4 + 3] !== 255) continue;
      opaque++;
      for (let c = 0; c < 3; c++) if (out[i * 3 + c] !== guide![i * 3 + c]) changed++;
    }
    expect(opaque).toBeGreaterThan(1000);
    expect(changed).toBe(0);
  });

  it("sends every shot at once to a concurrent painter, keeps their order and stops on a failure", async () => {
    const { bytes } = await photo();
    const cut = await cutout(await decodeImage(bytes), { method: "classical" });
    // each seed paints its own colour, answered late for the first shots: the order must hold
    const colourOf = (seed: number) => `#${(seed % 0xffffff).toString(16).padStart(6, "0")}`;
    const painter = (concurrent: boolean, failSeed?: number) => {
      const log = { inFlight: 0, most: 0, aborted: 0, seeds: [] as number[] };
      const backend: GenerativeBackend = {
        name: "slow-first",
        concurrent,
        async paintBackground(req) {
          log.seeds.push(req.seed);
          const nth = log.seeds.length;
          log.most = Math.max(log.most, ++log.inFlight);
          const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
          // a concurrent painter has every shot before it answers any: each is rendered before
          // it is sent, and on a busy machine the first were back before the last went out
          // (for two seconds at most: a painter sent one shot at a time fails, not hangs)
          for (let t = 0; concurrent && log.seeds.length < 4 && t < 400; t++) await sleep(5);
          if (failSeed === undefined) await sleep(200 - nth * 40);
          else if (req.seed !== failSeed) {
            // the others paint until they are called off
            await new Promise<void>((r) => {
              const t = setTimeout(r, 10_000);
              req.signal?.addEventListener("abort", () => {
                clearTimeout(t);
                r();
              });
            });
          }
          log.inFlight--;
          if (req.signal?.aborted) log.aborted++;
          if (req.seed === failSeed) throw new Error("workflow broke");
          req.onProgress?.(1);
          return sharp({
            create: { width: 32, height: 32, channels: 3, background: colourOf(req.seed) },
          })
            .png()
            .toBuffer();
        },
      };
      return { backend, log };
    };
    const req = { count: 4, seed: 3, width: 128, height: 128, format: "png" as const };
    const one = painter(false);
    const all = painter(true);
    const painted: number[] = [];
    const sequential = await generateFromCutout(cut, { ...req, backend: one.backend });
    const together = await generateFromCutout(cut, {
      ...req,
      backend: all.backend,
      onProgress: (e) => {
        if (e.stage === "paint") painted.push(e.painted!);
      },
    });
    expect(one.log.most).toBe(1);
    expect(all.log.most).toBe(4);
    // each shot its own seed (they reach the painter in any order)
    expect([...all.log.seeds].sort()).toEqual([...one.log.seeds].sort());
    expect(new Set(all.log.seeds).size).toBe(4);
    // the same photos in the same order, whichever shot came back first
    expect(together.map((i) => i.bytes.toString("base64"))).toEqual(
      sequential.map((i) => i.bytes.toString("base64")),
    );
    expect(painted.at(-1)).toBe(1);
    const broken = painter(true, all.log.seeds[2]);
    const err = await generateFromCutout(cut, { ...req, backend: broken.backend }).catch(
      (e: unknown) => e,
    );
    expect((err as Error).message).toBe("workflow broke");
    // the shots still painting were called off
    expect(broken.log.aborted).toBeGreaterThan(0);
  });
});
