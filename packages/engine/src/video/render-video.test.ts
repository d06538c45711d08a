import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticPhoto } from "../../test/fixtures/synthetic-product.ts";
import { productLayer } from "../composite/place.ts";
import { cutout } from "../cutout/cutout.ts";
import { decodeImage } from "../input/decode.ts";
import type { EngineError } from "../input/engine-error.ts";
import type { Cutout } from "../types.ts";
import { poseAt } from "./camera-moves.ts";
import { frameRaster } from "./frame-raster.ts";
import { renderVideo } from "./render-video.ts";
import { buildPlate } from "./video-plate.ts";

const run = promisify(execFile);

async function probe(file: string) {
  const { stdout } = await run("ffprobe", [
    ...["-v", "error", "-select_streams", "v:0", "-count_frames"],
    ...["-show_entries", "stream=codec_name,pix_fmt,width,height,nb_read_frames:format=duration"],
    ...["-of", "json", file],
  ]);
  const j = JSON.parse(stdout) as {
    streams: Array<{
      codec_name: string;
      pix_fmt: string;
      width: number;
      height: number;
      nb_read_frames: string;
    }>;
    format: { duration: string };
  };
  return { ...j.streams[0]!, duration: Number(j.format.duration) };
}

let dir: string;
let bottle: Cutout;
let box: Cutout;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "video-test-"));
  const cut = async (shape: "bottle" | "box") =>
    cutout(await decodeImage((await syntheticPhoto({ shape, width: 240, height: 300 })).bytes), {
      method: "classical",
    });
  bottle = await cut("bottle");
  box = await cut("box");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("renderVideo", { timeout: 120_000 }, () => {
  it("writes an H.264 yuv420p MP4 of the asked length and size, and a poster", async () => {
    const out = path.join(dir, "orbit.mp4");
    const frames: number[] = [];
    const r = await renderVideo([bottle], {
      out,
      move: "orbit",
      seconds: 5,
      fps: 24,
      width: 320,
      height: 320,
      prompt: "on marble",
      onProgress: (e) => e.stage === "frames" && frames.push(e.frame),
    });
    expect(r.frames).toBe(120);
    expect(frames.at(-1)).toBe(120);
    const p = await probe(out);
    expect([p.codec_name, p.pix_fmt, p.width, p.height]).toEqual(["h264", "yuv420p", 320, 320]);
    expect(Number(p.nb_read_frames)).toBe(120);
    expect(p.duration).toBeCloseTo(5, 1);
    const poster = await sharp(r.poster).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(["jpeg", 320, 320]);
  });

  it("makes vertical and wide clips at 30 fps, 10 s", async () => {
    const out = path.join(dir, "wide.mp4");
    await renderVideo([bottle], {
      out,
      move: "pan",
      seconds: 10,
      fps: 30,
      width: 256,
      height: 144,
    });
    const p = await probe(out);
    expect([p.width, p.height, Number(p.nb_read_frames)]).toEqual([256, 144, 300]);
    expect(p.duration).toBeCloseTo(10, 1);
  });

  it("moves the camera: frames differ over time, but the product's opaque pixels are its own", async () => {
    const plate = await buildPlate([bottle], { frameWidth: 320, frameHeight: 320, seed: 2 });
    const raster = frameRaster(plate, 320, 320);
    const margin = (plate.width - 320) / 2;
    const a = Buffer.alloc(320 * 320 * 3);
    const b = Buffer.alloc(320 * 320 * 3);
    await raster.draw(poseAt("orbit", 0, margin), a);
    await raster.draw(poseAt("orbit", 1, margin), b);
    expect(a.equals(b)).toBe(false);
    // zoom exactly 1 (a pan pose): the product layer is the photos' placement, byte for byte
    const pose = { ...poseAt("pan", 0.5, margin), zoom: 1 };
    await raster.draw(pose, a);
    const p = plate.views[0]!.placement;
    const layer = await productLayer(bottle, p);
    const left = Math.round(p.x + p.width / 2 - pose.panX - (plate.width - 320) / 2 - p.width / 2);
    const top = Math.round(p.y + p.height - (plate.height - 320) / 2 - p.height);
    let opaque = 0;
    let differ = 0;
    for (let y = 0; y < p.height; y++) {
      for (let x = 0; x < p.width; x++) {
        const s = (y * p.width + x) * 4;
        const fx = x + left;
        const fy = y + top;
        if (layer[s + 3] !== 255 || fx < 0 || fy < 0 || fx >= 320 || fy >= 320) continue;
        opaque++;
        const o = (fy * 320 + fx) * 3;
        if (a[o] !== layer[s] || a[o + 1] !== layer[s + 1] || a[o + 2] !== layer[s + 2]) differ++;
      }
    }
    expect(opaque).toBeGreaterThan(1000);
    expect(differ).toBe(0);
  });

  it("turns a product with two views (turntable) and refuses a turntable of one", async () => {
    const out = path.join(dir, "turn.mp4");
    await renderVideo([bottle, box], { out, move: "turntable", fps: 24, width: 240, height: 240 });
    expect((await probe(out)).codec_name).toBe("h264");
    await expect(
      renderVideo([bottle], { out, move: "turntable", width: 240, height: 240 }),
    ).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
  });

  it("refuses bad sizes and says clearly when ffmpeg is absent", async () => {
    const out = path.join(dir, "x.mp4");
    for (const bad of [{ seconds: 7 }, { fps: 60 }, { width: 321 }, { aspect: "4:3" }]) {
      await expect(renderVideo([bottle], { out, ...(bad as object) })).rejects.toMatchObject({
        code: "INVALID_ARGUMENT",
      });
    }
    const err = (await renderVideo([bottle], { out, ffmpegPath: "/nonexistent/ffmpeg" }).catch(
      (e: unknown) => e,
    )) as EngineError;
    expect(err.code).toBe("FFMPEG_MISSING");
    expect(err.message).toMatch(/ffmpeg was not found/);
  });
});
