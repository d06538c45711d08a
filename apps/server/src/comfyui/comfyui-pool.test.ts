import { EngineError } from "@studio/engine";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/test-harness.ts";
import { type ComfyPool, createComfyPool, type PoolOptions } from "./comfyui-pool.ts";
import { databasePoolStore } from "./comfyui-servers.repository.ts";
import { pooledSceneBackend } from "./pooled-backends.ts";
import {
  type ComfyStandIn,
  type StandInOptions,
  startComfyStandIn,
} from "./stand-in/comfyui-stand-in.ts";
import { openProgress } from "./stand-in/ws-client.test-helper.ts";
import { shippedWorkflow } from "./workflows.ts";

const running: { close(): unknown }[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
});

async function standIn(options: StandInOptions = {}): Promise<ComfyStandIn> {
  const s = await startComfyStandIn(options);
  running.push(s);
  return s;
}

function pool(urls: string[], options: PoolOptions = {}): ComfyPool {
  const p = createComfyPool(urls, { checkIntervalMs: 0, waitTimeoutMs: 10_000, ...options });
  running.push(p);
  return p;
}

async function paintRequest(seed = 1) {
  const image = await sharp({
    create: { width: 96, height: 96, channels: 3, background: "#808080" },
  })
    .png()
    .toBuffer();
  const mask = await sharp({
    create: { width: 96, height: 96, channels: 4, background: "#00000000" },
  })
    .png()
    .toBuffer();
  return {
    width: 96,
    height: 96,
    image,
    mask,
    prompt: "product photograph",
    negativePrompt: "text",
    seed,
  };
}

const timing = { timeoutMs: 20_000, pollIntervalMs: 20 };

describe("ComfyUI pool", { timeout: 60_000 }, () => {
  it("health-checks /system_stats and sends two jobs at once to two servers", async () => {
    const a = await standIn({ secondsPerImage: 0.4 });
    const b = await standIn({ secondsPerImage: 0.4 });
    const p = pool([a.url, b.url]);
    await p.check();
    expect(p.servers.map((s) => s.healthy)).toEqual([true, true]);
    const painter = pooledSceneBackend(p, shippedWorkflow("product-scene"), timing);
    const [one, two] = await Promise.all([
      painter.paintBackground(await paintRequest(1)),
      painter.paintBackground(await paintRequest(2)),
    ]);
    expect((await sharp(one).metadata()).width).toBe(96);
    expect((await sharp(two).metadata()).width).toBe(96);
    expect([a.accepted.length, b.accepted.length]).toEqual([1, 1]);
    // the filled workflow: the plan's words and the seed reached the sampler
    const sent = a.accepted[0]!.prompt;
    expect(sent["2"]!.inputs!.text).toBe("product photograph");
    expect(sent["3"]!.inputs!.text).toBe("text");
    expect(typeof sent["8"]!.inputs!.seed).toBe("number");
    expect(p.servers.every((s) => (s.secondsPerImage ?? 0) > 0.3)).toBe(true);
  });

  it("moves a job to another server when its server dies mid-job", async () => {
    const dying = await standIn({ secondsPerImage: 3 });
    const spare = await standIn({ secondsPerImage: 0.1 });
    const p = pool([dying.url, spare.url]);
    // the dying server looks fastest, so it gets the job first
    p.servers[1]!.secondsPerImage = 5;
    const painter = pooledSceneBackend(p, shippedWorkflow("product-scene"), timing);
    const job = painter.paintBackground(await paintRequest());
    while (dying.accepted.length === 0) await new Promise((r) => setTimeout(r, 20));
    await dying.kill();
    const out = await job;
    expect((await sharp(out).metadata()).height).toBe(96);
    expect(spare.accepted).toHaveLength(1);
    expect(p.servers[0]!.healthy).toBe(false);
    expect(p.servers[0]!.lastError).toMatch(/Could not reach/);
  });

  it("does not move a workflow the server fails to run: every server would fail it", async () => {
    const a = await standIn({ failClass: "KSampler" });
    const b = await standIn({ failClass: "KSampler" });
    const p = pool([a.url, b.url]);
    const painter = pooledSceneBackend(p, shippedWorkflow("product-scene"), timing);
    const err = await painter.paintBackground(await paintRequest()).catch((e: unknown) => e);
    expect((err as EngineError).code).toBe("WORKFLOW_FAILED");
    expect((err as EngineError).message).toBe(
      "The GPU workflow failed in KSampler: stand-in: KSampler failed (as a missing model file would)",
    );
    expect(a.accepted.length + b.accepted.length).toBe(1);
    expect(p.servers.every((s) => s.healthy)).toBe(true);
  });

  it("refuses a workflow with a node the server does not have, as ComfyUI does", async () => {
    const a = await standIn();
    const p = pool([a.url]);
    const broken = {
      ...shippedWorkflow("product-scene"),
      "11": { class_type: "Nope", inputs: {} },
    };
    const err = await pooledSceneBackend(p, broken, timing)
      .paintBackground(await paintRequest())
      .catch((e: unknown) => e);
    expect((err as EngineError).code).toBe("WORKFLOW_FAILED");
    expect((err as EngineError).message).toMatch(
      /^The GPU server refused the workflow: Prompt outputs failed validation \(node 11: unknown class_type "Nope"\)/,
    );
    expect(a.accepted).toHaveLength(0);
    expect(p.servers[0]!.healthy).toBe(true);
  });

  it("moves a job off a server too slow for the limit, and the ETA uses measured speeds", async () => {
    const slow = await standIn({ secondsPerImage: 8 });
    const quick = await standIn({ secondsPerImage: 0.2 });
    const p = pool([slow.url, quick.url]);
    p.servers[1]!.secondsPerImage = 9; // the slow one is tried first
    // a limit the quick server meets even on a loaded machine, and the slow one never does
    const painter = pooledSceneBackend(p, shippedWorkflow("product-scene"), {
      timeoutMs: 2500,
      pollIntervalMs: 20,
    });
    await painter.paintBackground(await paintRequest());
    expect(quick.accepted).toHaveLength(1);
    expect(p.servers[0]!.lastError).toMatch(/timed out/);
    // the quick server measured itself: four images on it alone
    const spi = p.servers[1]!.secondsPerImage!;
    expect(spi).toBeLessThan(9);
    expect(p.etaSeconds(4)).toBe(Math.ceil(4 * spi));
    await p.check(); // the slow server answers its health check again
    expect(p.servers[0]!.healthy).toBe(true);
  });

  it("says no server answers when none does", async () => {
    const a = await standIn();
    await a.kill();
    const p = pool([a.url]);
    const err = await pooledSceneBackend(p, shippedWorkflow("product-scene"), timing)
      .paintBackground(await paintRequest())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe("BACKEND_FAILED");
    expect((err as EngineError).message).toMatch(/No GPU server answers/);
    expect(p.available()).toBe(false);
  });

  it("reports progress on the websocket, and its images say they come from a stand-in", async () => {
    const a = await standIn({ secondsPerImage: 0.2, steps: 3 });
    const ws = await openProgress(a.url, "watcher");
    const p = pool([a.url]);
    // the engine's client queues with its own client id: watch the prompt over the same socket
    const prompt = shippedWorkflow("product-scene");
    const req = await paintRequest();
    const up = async (name: string, bytes: Buffer) => {
      const form = new FormData();
      form.append("image", new Blob([bytes], { type: "image/png" }), name);
      return (
        (await (await fetch(`${a.url}/upload/image`, { method: "POST", body: form })).json()) as {
          name: string;
        }
      ).name;
    };
    prompt["4"]!.inputs!.image = await up("g.png", req.image);
    prompt["5"]!.inputs!.image = await up("m.png", req.mask);
    prompt["2"]!.inputs!.text = "x";
    prompt["3"]!.inputs!.text = "y";
    prompt["8"]!.inputs!.seed = 5;
    const queued = (await (
      await fetch(`${a.url}/prompt`, {
        method: "POST",
        body: JSON.stringify({ prompt, client_id: "watcher" }),
      })
    ).json()) as { prompt_id: string };
    for (let i = 0; i < 200 && !ws.messages.some((m) => m.type === "execution_success"); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    ws.close();
    const types = ws.messages.map((m) => m.type);
    expect(types).toContain("execution_start");
    expect(ws.messages.filter((m) => m.type === "progress").map((m) => m.data.value)).toEqual([
      1, 2, 3,
    ]);
    expect(ws.messages).toContainEqual({
      type: "executing",
      data: { node: null, prompt_id: queued.prompt_id },
    });
    const history = (await (await fetch(`${a.url}/history/${queued.prompt_id}`)).json()) as Record<
      string,
      { outputs: Record<string, { images: { filename: string }[] }> }
    >;
    const file = history[queued.prompt_id]!.outputs["10"]!.images[0]!.filename;
    const png = Buffer.from(
      await (await fetch(`${a.url}/view?filename=${file}&type=output`)).arrayBuffer(),
    );
    expect((await sharp(png).metadata()).width).toBe(96);
    // the banner near the top ("STAND-IN IMAGE, not generated") darkens the grey there
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const left = (12 * 96 + 2) * 3;
    expect(data[left]!).toBeLessThan(80);
    await p.check();
    expect(p.available()).toBe(true);
  });

  it("follows each prompt on the websocket: progress reaches the caller, /history is read once", async () => {
    const a = await standIn({ secondsPerImage: 0.2, steps: 4 });
    const p = pool([a.url]);
    const painter = pooledSceneBackend(p, shippedWorkflow("product-scene"), {
      timeoutMs: 20_000,
      pollIntervalMs: 5, // were it polling, /history would be read dozens of times
    });
    const seen: number[] = [];
    const out = await painter.paintBackground({
      ...(await paintRequest()),
      onProgress: (f) => seen.push(f),
    });
    expect((await sharp(out).metadata()).width).toBe(96);
    expect(seen).toEqual([0.25, 0.5, 0.75, 1]);
    expect(a.requests.filter((r) => r.startsWith("GET /history/"))).toHaveLength(1);
  });

  it("polls /history when the websocket cannot open", async () => {
    const a = await standIn({ secondsPerImage: 0.3, websocket: false });
    const p = pool([a.url]);
    const painter = pooledSceneBackend(p, shippedWorkflow("product-scene"), timing);
    const seen: number[] = [];
    const out = await painter.paintBackground({
      ...(await paintRequest()),
      onProgress: (f) => seen.push(f),
    });
    expect((await sharp(out).metadata()).width).toBe(96);
    expect(seen).toEqual([]); // /history says nothing of progress
    expect(a.requests.filter((r) => r.startsWith("GET /history/")).length).toBeGreaterThan(3);
  });

  it("spreads a generation's shots over the free servers, each its own prompt and seed", async () => {
    const a = await standIn({ secondsPerImage: 0.5 });
    const b = await standIn({ secondsPerImage: 0.5 });
    const p = pool([a.url, b.url]);
    const painter = pooledSceneBackend(p, shippedWorkflow("product-scene"), timing);
    expect(painter.concurrent).toBe(true);
    const shots = await Promise.all(
      [1, 2, 3, 4].map(async (seed) => painter.paintBackground(await paintRequest(seed))),
    );
    expect(shots).toHaveLength(4);
    // both servers painted (how the four split depends on which finishes first)
    expect(a.accepted.length).toBeGreaterThan(0);
    expect(b.accepted.length).toBeGreaterThan(0);
    expect(a.accepted.length + b.accepted.length).toBe(4);
    const seeds = [...a.accepted, ...b.accepted].map((x) => x.prompt["8"]!.inputs!.seed);
    expect(new Set(seeds)).toEqual(new Set([1, 2, 3, 4]));
  });

  it("moves only the unfinished shot of a server that dies mid-generation", async () => {
    const dying = await standIn({ secondsPerImage: 0.5 });
    const spare = await standIn({ secondsPerImage: 0.5 });
    const p = pool([dying.url, spare.url]);
    const painter = pooledSceneBackend(p, shippedWorkflow("product-scene"), timing);
    const shots = Promise.all(
      [1, 2, 3, 4].map(async (seed) => painter.paintBackground(await paintRequest(seed))),
    );
    // its first shot is delivered when it takes a second one: kill it then
    while (dying.accepted.length < 2) await new Promise((r) => setTimeout(r, 10));
    await dying.kill();
    expect(await shots).toHaveLength(4);
    const lost = dying.accepted[1]!.prompt["8"]!.inputs!.seed;
    // four shots, five prompts: the lost one again on the spare, the delivered one not
    expect(spare.accepted.map((x) => x.prompt["8"]!.inputs!.seed)).toContain(lost);
    expect(dying.accepted.length + spare.accepted.length).toBe(5);
    expect(p.servers[0]!.healthy).toBe(false);
  });

  it.each([
    ["heard on the websocket", true],
    ["read in /history", false],
  ])(
    "moves a shot stopped on its server (ComfyUI's Cancel) to another server, %s",
    async (_, websocket) => {
      const stopped = await standIn({ secondsPerImage: 2, steps: 20, websocket });
      const spare = await standIn({ secondsPerImage: 0.1 });
      const p = pool([stopped.url, spare.url]);
      p.servers[1]!.secondsPerImage = 5; // the first server gets the shot
      const painter = pooledSceneBackend(p, shippedWorkflow("product-scene"), timing);
      const job = painter.paintBackground(await paintRequest());
      while (stopped.accepted.length === 0) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 200)); // the sampler is running
      await fetch(`${stopped.url}/interrupt`, { method: "POST" });
      expect((await sharp(await job).metadata()).width).toBe(96);
      expect(spare.accepted).toHaveLength(1);
      expect(p.servers[0]!.lastError).toMatch(/interrupted the run/);
    },
  );

  describe("shared through the database", () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase("pglite");
    }, 120_000);
    afterAll(async () => {
      await db.drop();
    });

    it("lets another process see the seconds per image one measured, and a server one found down", async () => {
      const slow = await standIn({ secondsPerImage: 0.6 });
      const quick = await standIn({ secondsPerImage: 0.1 });
      const store = databasePoolStore(db.database.db);
      // a worker process runs the jobs; the API process only health-checks and answers ETAs
      const worker = pool([slow.url, quick.url], { store });
      const api = pool([slow.url, quick.url], { store });
      await api.check();
      expect((await api.shared()).map((s) => s.secondsPerImage)).toEqual([undefined, undefined]);
      const painter = pooledSceneBackend(worker, shippedWorkflow("product-scene"), timing);
      await Promise.all([
        painter.paintBackground(await paintRequest(1)),
        painter.paintBackground(await paintRequest(2)),
      ]);
      const seen = await api.shared();
      expect(seen[0]!.secondsPerImage).toBeGreaterThan(0.55);
      expect(seen[1]!.secondsPerImage).toBeLessThan(0.5);
      expect(seen[0]!.secondsPerImage).toBe(worker.servers[0]!.secondsPerImage);
      // smoothed in the database, whichever process measured: 0.7 old + 0.3 new
      const before = seen[1]!.secondsPerImage!;
      const after = await store.recordSpeed(quick.url, before + 1);
      expect(after).toBeCloseTo(before + 0.3, 6);
      // the API process picks the speeds up at its next check, to choose the fastest server
      await api.check();
      expect(api.servers[1]!.secondsPerImage).toBeCloseTo(after, 6);
      await slow.kill();
      await worker.check();
      expect((await api.shared())[0]!.healthy).toBe(false);
      expect((await api.shared())[0]!.lastError).toMatch(/fetch failed|ECONNREFUSED/);
    });
  });
});
