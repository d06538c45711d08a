import { EngineError, isEngineError, templates } from "@studio/engine";
import { syntheticClock as clockPhoto } from "@studio/engine/test-fixtures/synthetic-clock";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { blankPhoto, productPhoto } from "../modules/uploads/test-images.test-helper.ts";
import { createThreadEngine, type ThreadEngine } from "./engine-thread.ts";

const open: ThreadEngine[] = [];
function engine(entry?: URL, renderThreads?: 1 | 2) {
  const e = createThreadEngine({
    ...(entry ? { entry } : {}),
    ...(renderThreads ? { renderThreads } : {}),
  });
  open.push(e);
  return e;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
});

describe("engine thread", () => {
  it("cuts out and renders in a worker thread, buffers arriving as Buffers", async () => {
    const e = engine();
    expect(e.threadId).toBeNull(); // started on first use only
    const photo = await productPhoto({ size: 320, color: { r: 200, g: 40, b: 40 } });
    const made = await e.cutoutPhoto(photo, "classical");
    expect(e.threadId).not.toBeNull();
    expect(Buffer.isBuffer(made.cutout.rgba)).toBe(true);
    expect(made.cutout.rgba.length).toBe(320 * 320 * 4);
    expect(made.cutout.method).toBe("classical");
    expect(made.cutout.bbox.width).toBeGreaterThan(100);
    expect(made.cutout.bbox.width).toBeLessThan(320);
    const reloaded = await e.loadCutout(made.png, made.meta);
    expect(reloaded.bbox).toEqual(made.cutout.bbox);
    const images = await e.render(
      { preset: "web", prompt: "marble", template: null, imageCount: 2, seed: 7 },
      reloaded,
      128,
      [],
    );
    expect(images.map((i) => [i.index, i.width, i.height])).toEqual([
      [0, 128, 128],
      [1, 128, 128],
    ]);
    for (const i of images) {
      expect(Buffer.isBuffer(i.bytes)).toBe(true);
      expect((await sharp(i.bytes).metadata()).width).toBe(128);
    }
    expect(e.inFlight).toBe(0);
  });

  it("shares a render of four with a second thread, byte for byte what one thread makes", async () => {
    const photo = await productPhoto({ size: 240, color: { r: 30, g: 90, b: 160 } });
    const job = { preset: "web", prompt: "linen, morning", template: null, imageCount: 4, seed: 9 };
    const one = engine(undefined, 1);
    const two = engine(undefined, 2);
    const cut = (await one.cutoutPhoto(photo, "classical", false)).cutout;
    const alone = await one.render(job, structuredClone(cut), 160, []);
    // (copies: a render takes ownership of the cut-out's pixels)
    const shared = await two.render(job, structuredClone(cut), 160, []);
    expect(one.threadIds).toHaveLength(1);
    expect(two.threadIds).toHaveLength(2);
    expect(shared.map((i) => [i.index, i.shot])).toEqual(alone.map((i) => [i.index, i.shot]));
    expect(shared.every((img, k) => img.bytes.equals(alone[k]!.bytes))).toBe(true);
    expect(new Set(shared.map((i) => i.shot))).toEqual(new Set([0, 1, 2, 3]));
    // one photo (or a white background) stays on the first thread
    const single = engine(undefined, 2);
    await single.render({ ...job, imageCount: 1 }, cut, 160, []);
    expect(single.threadIds).toHaveLength(1);
  }, 60_000);

  it("a thread that is ahead takes the next shot: none waits on a fixed half while shots remain", async () => {
    const photo = await productPhoto({ size: 240, color: { r: 60, g: 140, b: 60 } });
    const job = { preset: "web", prompt: "oak table", template: null, imageCount: 4, seed: 3 };
    const one = engine(undefined, 1);
    const two = engine(new URL("./engine-slow-lane.test-fixture.ts", import.meta.url), 2);
    const cut = (await one.cutoutPhoto(photo, "classical", false)).cutout;
    await two.render(job, structuredClone(cut), 160, []); // both threads started and warm
    expect(two.lastShared?.shots.flat().sort()).toEqual([0, 1, 2, 3]);
    // the first thread stalls 3 s on its first shot: the second renders the other three
    const slow = { ...job, prompt: "oak table, slow first lane" };
    const alone = await one.render(slow, structuredClone(cut), 160, []);
    const shared = await two.render(slow, structuredClone(cut), 160, []);
    expect(two.lastShared?.shots.map((s) => s.length)).toEqual([1, 3]);
    expect(shared.map((i) => [i.index, i.shot])).toEqual(alone.map((i) => [i.index, i.shot]));
    expect(shared.every((img, k) => img.bytes.equals(alone[k]!.bytes))).toBe(true);
  }, 60_000);

  it("answers a loaded cut-out in shared memory: both render threads read it, same bytes as copies", async () => {
    const photo = await productPhoto({ size: 240, color: { r: 160, g: 90, b: 30 } });
    const job = { preset: "web", prompt: "oak table", template: null, imageCount: 4, seed: 5 };
    const shared = engine(undefined, 2);
    const copied = createThreadEngine({ renderThreads: 2, sharedPixels: false });
    open.push(copied);
    const made = await shared.cutoutPhoto(photo, "classical", false);
    expect(made.cutout.rgba.buffer).toBeInstanceOf(SharedArrayBuffer);
    const a = await shared.loadCutout(Buffer.from(made.png), made.meta);
    const b = await copied.loadCutout(Buffer.from(made.png), made.meta);
    expect(a.rgba.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(b.rgba.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    expect(a.rgba.equals(b.rgba)).toBe(true);
    const before = Buffer.from(a.rgba);
    const fromShared = await shared.render(job, a, 160, []);
    const fromCopies = await copied.render(job, b, 160, []);
    expect(fromShared.map((i) => i.shot)).toEqual(fromCopies.map((i) => i.shot));
    expect(fromShared.every((img, k) => img.bytes.equals(fromCopies[k]!.bytes))).toBe(true);
    // the render only read the shared pixels: the caller's cut-out is intact (copied pixels
    // moved to the thread instead)
    expect(a.rgba.equals(before)).toBe(true);
    expect(b.rgba.length).toBe(0);
  }, 60_000);

  it("reads a reference and applies a painted mask in the thread", async () => {
    const e = engine();
    const look = await e.readReference(await productPhoto({ size: 200 }));
    expect(look.palette.length).toBeGreaterThan(0);
    expect(look.brightness).toBeGreaterThan(0.5);
    const photo = await productPhoto({ size: 200 });
    const alpha = new Uint8Array(100 * 100); // a preview-sized mask: the left half only
    for (let y = 0; y < 100; y++) alpha.fill(255, y * 100, y * 100 + 50);
    const made = await e.maskPhoto(photo, { width: 100, height: 100, alpha });
    expect(made.meta.method).toBe("edited");
    expect(made.cutout.bbox).toMatchObject({ x: 0, y: 0, height: 200 });
    expect(made.cutout.bbox.width).toBeGreaterThanOrEqual(99);
    expect(made.cutout.bbox.width).toBeLessThanOrEqual(103);
  });

  it("reads the product's kind once, in the thread, and keeps it with the stored cut-out", async () => {
    const e = engine();
    const made = await e.cutoutPhoto(await clockPhoto(), "classical");
    expect(made.cutout.product?.kind).toBe("clock");
    // the meta is stored as JSON: the kind comes back with the cut-out for every generation
    const meta = JSON.parse(JSON.stringify(made.meta));
    expect(meta.product).toMatchObject({ kind: "clock" });
    // (copies: a call may take ownership of the bytes it is given)
    const reloaded = await e.loadCutout(Buffer.from(made.png), meta);
    expect(reloaded.product).toEqual(made.cutout.product);
    // a cut-out stored before detection existed still loads, without a kind
    const { product: _, ...old } = meta;
    expect((await e.loadCutout(Buffer.from(made.png), old)).product).toBeUndefined();
    const skipped = await e.cutoutPhoto(await clockPhoto(), "classical", false);
    expect(skipped.meta.product).toBeUndefined();
  }, 60_000);

  it("keeps the EngineError code across the thread boundary", async () => {
    const e = engine();
    const err = await e.cutoutPhoto(await blankPhoto(160), "classical").catch((x: unknown) => x);
    expect(isEngineError(err)).toBe(true);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe("NO_SUBJECT");
    const bad = await e.cutoutPhoto(Buffer.from("not an image at all"), "auto").catch((x) => x);
    expect((bad as EngineError).code).toMatch(/UNSUPPORTED_FORMAT|UNDECODABLE/);
  });

  it("rejects the calls in flight when the thread dies, then starts a new one", async () => {
    const e = engine(new URL("./engine-crash.test-fixture.ts", import.meta.url));
    const id = templates[0]?.id as string;
    expect((await e.templateThumbnail(id, 32)).subarray(0, 4).toString()).toBe("RIFF");
    const first = e.threadId;
    const crashed = e.templateThumbnail("crash-me", 32);
    await expect(crashed).rejects.toThrow(/engine thread crashed: boom/);
    expect(e.inFlight).toBe(0);
    expect((await e.templateThumbnail(id, 32)).subarray(0, 4).toString()).toBe("RIFF");
    expect(e.threadId).not.toBe(first);
  });

  it("close() ends the thread and refuses later calls", async () => {
    const e = engine();
    const id = templates[0]?.id as string;
    const pending = e.templateThumbnail(id, 48).catch((x: unknown) => x);
    await e.close();
    expect(String(await pending)).toMatch(/engine closed/);
    expect(e.threadId).toBeNull();
    await expect(e.templateThumbnail(id, 48)).rejects.toThrow(/engine closed/);
  });
});
