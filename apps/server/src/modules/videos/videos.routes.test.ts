import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, injectAs, sellerWithCoins, uploadPhoto } from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, type TestApp } from "../../testing/test-harness.ts";
import { studioEnv } from "../uploads/test-images.test-helper.ts";
import { runVideosWithoutFfmpeg } from "./broken-ffmpeg-worker.test-helper.ts";

const run = promisify(execFile);

describe.each(dbKinds)("videos on %s", { timeout: 180_000 }, (kind) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ...studioEnv, LOG_LEVEL: "error" } });
    dir = await mkdtemp(path.join(tmpdir(), "videos-test-"));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const runJobs = () => t.app.pipeline.runner?.runUntilIdle();
  const user = (coins: number) => sellerWithCoins(t.app, coins);
  const balance = (u: { userId: string }) => t.app.services.coins.balance(u.userId);
  const upload = (token: string, seed = 1) =>
    uploadPhoto(t.app, token, { r: 40 + seed * 50, g: 30, b: 60 });
  const submit = (token: string | null, payload: object) =>
    injectAs(t.app, token, "POST", "/api/videos", payload);
  const get = (token: string | null, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { ...(token ? bearer(token) : {}), ...headers } });

  it("refuses what it cannot make, before spending anything", async () => {
    expect((await submit(null, { uploadIds: [crypto.randomUUID()] })).statusCode).toBe(401);
    const u = await user(10);
    const id = await upload(u.token);
    expect((await submit(u.token, { uploadIds: [] })).statusCode).toBe(400);
    expect((await submit(u.token, { uploadIds: [id], seconds: 7 })).statusCode).toBe(400);
    expect((await submit(u.token, { uploadIds: [id], aspect: "4:3" })).statusCode).toBe(400);
    const turn = await submit(u.token, { uploadIds: [id], move: "turntable" });
    expect(turn.statusCode).toBe(400);
    expect(turn.json().error).toBe("A turntable needs two or more photos of the same product.");
    const blocked = await submit(u.token, { uploadIds: [id], prompt: "a nude model" });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().code).toBe("prompt_blocked");
    const other = await user(10);
    expect((await submit(other.token, { uploadIds: [id] })).statusCode).toBe(404);
    const tenSeconds = await submit(u.token, { uploadIds: [id], seconds: 10 });
    expect(tenSeconds.statusCode).toBe(402);
    expect(tenSeconds.json().error).toBe("Not enough credits");
    expect(await balance(u)).toBe(10);
    expect((await get(u.token, "/api/videos")).json().items).toEqual([]);
  });

  it("queues, renders by frame, serves the MP4 and its poster, and deletes", async () => {
    const u = await user(25);
    const id = await upload(u.token);
    const res = await submit(u.token, {
      uploadIds: [id],
      prompt: "on marble",
      move: "push-in",
      seconds: 5,
      fps: 24,
      aspect: "9:16",
    });
    expect(res.statusCode).toBe(202);
    const v = res.json();
    expect(v).toMatchObject({
      status: "waitlisted",
      position: 1,
      framesDone: 0,
      framesTotal: 120,
      cost: 10,
      width: 1080,
      height: 1920,
      videoUrl: null,
    });
    expect(v.etaSeconds).toBeGreaterThan(0);
    expect(await balance(u)).toBe(15);
    await runJobs();
    const status = (await get(u.token, `/api/videos/${v.id}/status`)).json();
    expect(status).toEqual({ status: "done", framesDone: 120, framesTotal: 120 });
    const done = (await get(u.token, `/api/videos/${v.id}`)).json();
    expect(done.status).toBe("done");
    expect(done.refunded).toBe(0);
    expect(await balance(u)).toBe(15);

    // the media URLs work without the bearer token (a <video src>), and only with their token
    const mp4 = await get(null, done.videoUrl);
    expect(mp4.statusCode).toBe(200);
    expect(mp4.headers["content-type"]).toBe("video/mp4");
    const file = path.join(dir, `${v.id}.mp4`);
    await writeFile(file, mp4.rawPayload);
    const { stdout } = await run("ffprobe", [
      ...["-v", "error", "-select_streams", "v:0"],
      ...["-show_entries", "stream=codec_name,pix_fmt,width,height:format=duration"],
      ...["-of", "json", file],
    ]);
    const probe = JSON.parse(stdout);
    expect(probe.streams[0]).toMatchObject({
      codec_name: "h264",
      pix_fmt: "yuv420p",
      width: 1080,
      height: 1920,
    });
    expect(Number(probe.format.duration)).toBeCloseTo(5, 1);
    const part = await get(null, done.videoUrl, { range: "bytes=0-99" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${mp4.rawPayload.length}`);
    expect(part.rawPayload.equals(mp4.rawPayload.subarray(0, 100))).toBe(true);
    expect((await get(null, done.downloadUrl)).headers["content-disposition"]).toMatch(
      /^attachment; filename="product-video-/,
    );
    const poster = await get(null, done.posterUrl);
    const meta = await sharp(poster.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1080, 1920]);
    expect((await get(null, `/api/videos/${v.id}/video.mp4?token=forged`)).statusCode).toBe(401);

    const other = await user(0);
    expect((await get(other.token, `/api/videos/${v.id}`)).statusCode).toBe(404);
    const list = (await get(u.token, "/api/videos")).json();
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([v.id]);
    const del = await injectAs(t.app, u.token, "DELETE", `/api/videos/${v.id}`);
    expect(del.json()).toEqual({ success: true, refunded: 0 });
    expect((await get(u.token, `/api/videos/${v.id}`)).statusCode).toBe(404);
  });

  it("refunds a video that fails (ffmpeg missing) and one cancelled while waiting", async () => {
    const u = await user(20);
    const id = await upload(u.token);
    const first = (await submit(u.token, { uploadIds: [id], move: "orbit" })).json();
    const second = (await submit(u.token, { uploadIds: [id], move: "pan" })).json();
    expect(second.position).toBe(2);
    expect(await balance(u)).toBe(0);
    const cancel = await injectAs(t.app, u.token, "DELETE", `/api/videos/${second.id}`);
    expect(cancel.json()).toEqual({ success: true, refunded: 10 });
    expect(await balance(u)).toBe(10);
    // a worker process whose FFMPEG_PATH points nowhere runs the job (same database)
    await runVideosWithoutFfmpeg(t);
    const failed = (await get(u.token, `/api/videos/${first.id}`)).json();
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/ffmpeg was not found.*Your coins were refunded\./);
    expect(failed.refunded).toBe(10);
    expect(await balance(u)).toBe(20);
  });
});
