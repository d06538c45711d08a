// Both apps on GPU servers through the same queue, coins and history: product scenes painted on
// a pool of two ComfyUI stand-ins (real HTTP + websocket servers on loopback), a server killed
// mid-generation, the CPU studio when no server answers, and the Clothing app's models on the
// shipped try-on workflows.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEntries } from "../modules/coins/coins.repository.ts";
import {
  multipartBody,
  productPhoto,
  studioEnv,
} from "../modules/uploads/test-images.test-helper.ts";
import { bearer, injectAs, postUpload, sellerWithCoins, signup } from "../testing/api-helpers.ts";
import { createTestApp, dbKinds, type TestApp } from "../testing/test-harness.ts";
import type { PoolServer } from "./comfyui-pool.ts";
import { databasePoolStore } from "./comfyui-servers.repository.ts";
import { type ComfyStandIn, startComfyStandIn } from "./stand-in/comfyui-stand-in.ts";

const teeSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500">
  <rect width="400" height="500" fill="#f2f2f0"/>
  <path fill="#1f3a68" d="M160 110 Q200 135 240 110 L300 130 L345 205 L300 225 L290 200 L290 400 L110 400 L110 200 L100 225 L55 205 L100 130 Z"/>
</svg>`;

describe.each(dbKinds)("generations on GPU servers on %s", { timeout: 120_000 }, (kind) => {
  let pair: ComfyStandIn[];
  let t: TestApp;
  beforeAll(async () => {
    pair = [
      await startComfyStandIn({ secondsPerImage: 0.05 }),
      await startComfyStandIn({ secondsPerImage: 0.05 }),
    ];
    t = await createTestApp(kind, {
      env: { ...studioEnv, COMFYUI_URLS: pair.map((s) => s.url).join(",") },
    });
  }, 180_000); // a loaded machine opens and migrates the database slowly
  afterAll(async () => {
    await t.close();
    for (const s of pair) await s.close();
  });

  async function seller(photo: Buffer, coins: number) {
    const u = await sellerWithCoins(t.app, coins);
    const res = await postUpload(t.app, u.token, multipartBody(photo));
    expect(res.statusCode, res.body).toBe(201);
    return { ...u, uploadId: res.json().id as string };
  }
  /** the pool's servers as the database keeps them for every process */
  const servers = (urls = t.app.pipeline.gpu!.pool.servers.map((s) => s.url)) =>
    databasePoolStore(t.database.db).read(urls);
  /**
   * The app's pool uses only these servers until the answer is called: the others are taken
   * out of it, not marked down (the pool's health check every 15 s found them up again while a
   * loaded machine was still rendering, and two of the four shots went to them).
   */
  function onlyServers(urls: string[]) {
    const list = t.app.pipeline.gpu!.pool.servers as unknown as PoolServer[];
    const others = list.splice(
      0,
      list.length,
      ...urls.map((url) => ({
        url,
        healthy: true,
        busy: 0,
        secondsPerImage: undefined,
        lastError: undefined,
      })),
    );
    return () => {
      list.splice(0, list.length, ...others);
    };
  }
  const post = (token: string, url: string, payload: object) =>
    t.app.inject({ method: "POST", url, headers: bearer(token), payload });
  const get = async (token: string, url: string) =>
    (await t.app.inject({ method: "GET", url, headers: bearer(token) })).json();
  // the generation's movements, read through the coins module's own repository
  const ledger = async (accountId: string, id: string) =>
    (await listEntries(t.database.db, accountId)).filter((r) =>
      r.idempotencyKey.startsWith(`gen:${id}:`),
    );

  async function productGeneration(prompt: string) {
    const u = await seller(await productPhoto(), 40);
    const res = await post(u.token, "/api/generations", { uploadId: u.uploadId, prompt });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.pipeline.runner?.runUntilIdle();
    return { u, g: await get(u.token, `/api/generations/${res.json().id}`) };
  }

  it("paints product scenes on the pool: the plan in words, four seeds", async () => {
    const before = pair[0]!.accepted.length + pair[1]!.accepted.length;
    const { u: first, g } = await productGeneration("on marble with roses, warm light");
    expect(g.status, g.error).toBe("done");
    expect(g.images).toHaveLength(4);
    expect(g.images.map((i: { madeBy: string }) => i.madeBy)).toEqual(Array(4).fill("generated"));
    const sent = [...pair[0]!.accepted, ...pair[1]!.accepted].slice(before);
    expect(sent).toHaveLength(4);
    const prompts = sent.map((p) => String(p.prompt["2"]!.inputs!.text));
    expect(prompts.every((p) => p.includes("on marble with roses, warm light"))).toBe(true);
    expect(new Set(sent.map((p) => p.prompt["8"]!.inputs!.seed)).size).toBe(4);
    expect((await ledger(first.userId, g.id)).map((r) => r.kind)).toEqual(["spend"]);
    // the next one's ETA: the seconds per image measured, as the database keeps them for every
    // process, over two rounds (four images, two servers)
    const measured = (await servers()).map((s) => s.secondsPerImage!);
    expect(measured.every((v) => v > 0)).toBe(true);
    const u = await seller(await productPhoto(), 40);
    const next = await post(u.token, "/api/generations", { uploadId: u.uploadId, prompt: "x" });
    const mean = measured.reduce((a, b) => a + b, 0) / measured.length;
    expect(next.json().etaSeconds).toBe(Math.ceil(mean * 2));
    await t.app.pipeline.runner?.runUntilIdle();
  });

  it("spreads the four shots over the free servers, and the ETA follows slow servers", async () => {
    const slow = [
      await startComfyStandIn({ secondsPerImage: 3 }),
      await startComfyStandIn({ secondsPerImage: 3 }),
    ];
    const w = await seller(await productPhoto(), 40);
    const before = await post(w.token, "/api/generations", { uploadId: w.uploadId, prompt: "x" });
    const etaBefore = before.json().etaSeconds as number;
    await t.app.pipeline.runner?.runUntilIdle();
    const restore = onlyServers(slow.map((s) => s.url));
    try {
      const u = await seller(await productPhoto(), 40);
      const res = await post(u.token, "/api/generations", {
        uploadId: u.uploadId,
        prompt: "slate",
      });
      const id = res.json().id as string;
      const run = t.app.pipeline.runner!.runUntilIdle();
      // the seller's status while the servers paint: the share of their steps, from the sockets
      const painted: number[] = [];
      let together = 0; // the two servers running one of its shots at the same moment
      const urls = slow.map((s) => s.url);
      for (let done = false; !done; await new Promise((r) => setTimeout(r, 100))) {
        const busy = t.app.pipeline.gpu!.pool.servers.filter(
          (s) => urls.includes(s.url) && s.busy > 0,
        ).length;
        together = Math.max(together, busy);
        const state = await get(u.token, `/api/check-position?generationId=${id}`);
        if (state.painted !== undefined) painted.push(state.painted);
        done = state.status === "done" || state.status === "failed";
      }
      await run;
      const g = await get(u.token, `/api/generations/${id}`);
      expect(g.status, g.error).toBe("done");
      expect(painted.some((p) => p > 0 && p < 1)).toBe(true);
      expect(painted).toEqual([...painted].sort((a, b) => a - b)); // it never goes back
      expect(await t.app.pipeline.gpu!.paintProgress.read(id)).toBeUndefined(); // cleared when done
      // both servers painted at once, not one after the other
      expect(together).toBe(2);
      expect(slow[0]!.accepted.length + slow[1]!.accepted.length).toBe(4);
      const seeds = slow.flatMap((s) => s.accepted.map((p) => p.prompt["8"]!.inputs!.seed));
      expect(new Set(seeds).size).toBe(4);
      expect((await ledger(u.userId, g.id)).map((r) => r.kind)).toEqual(["spend"]);
      // what this process measured is in the database, where the API processes read it
      const rows = await servers(slow.map((s) => s.url));
      expect(rows.every((r) => r.secondsPerImage! >= 3)).toBe(true);
      const v = await seller(await productPhoto(), 40);
      const next = await post(v.token, "/api/generations", { uploadId: v.uploadId, prompt: "x" });
      const up = (await servers()).filter((r) => r.healthy);
      const mean = up.reduce((a, r) => a + r.secondsPerImage!, 0) / up.length;
      expect(next.json().etaSeconds).toBe(Math.ceil(mean * Math.ceil(4 / up.length)));
      // the slow pair's ETA is above what the quick pair measured
      expect(next.json().etaSeconds).toBeGreaterThan(etaBefore);
      await t.app.pipeline.runner?.runUntilIdle();
    } finally {
      restore();
      for (const s of slow) await s.close();
    }
  });

  it("fails a generation whose workflow fails at once, with its reason, and refunds once", async () => {
    const broken = await startComfyStandIn({ secondsPerImage: 0.05, failClass: "KSampler" });
    const restore = onlyServers([broken.url]);
    try {
      const { u, g } = await productGeneration("on cork");
      expect(g.status).toBe("failed");
      expect(g.error).toBe(
        "The GPU workflow failed in KSampler: stand-in: KSampler failed (as a missing model file would) Your coins were refunded.",
      );
      expect((await ledger(u.userId, g.id)).map((r) => r.kind)).toEqual(["spend", "refund"]);
      // no retry of the queue, and the shots waiting behind the first were called off
      const seeds = broken.accepted.map((p) => p.prompt["8"]!.inputs!.seed);
      expect(new Set(seeds).size).toBe(seeds.length); // a retry would send the first shot again
      expect(seeds.length).toBeLessThan(4);
      // the server itself is fine: a workflow error does not mark it down
      expect(t.app.pipeline.gpu!.pool.servers.find((s) => s.url === broken.url)!.healthy).toBe(
        true,
      );
    } finally {
      restore();
      await broken.close();
    }
  });

  it("lets the seller choose the CPU studio while GPU servers answer", async () => {
    const u = await seller(await productPhoto(), 40);
    const gpu = (await t.app.inject({ method: "GET", url: "/api/gpu" })).json();
    expect(gpu).toEqual({ scenes: true });
    const sent = pair[0]!.accepted.length + pair[1]!.accepted.length;
    const res = await post(u.token, "/api/generations", {
      uploadId: u.uploadId,
      prompt: "on wood",
      scenePath: "studio",
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.pipeline.runner?.runUntilIdle();
    const g = await get(u.token, `/api/generations/${res.json().id}`);
    expect(g.images.map((i: { madeBy: string }) => i.madeBy)).toEqual(Array(4).fill("studio"));
    expect(pair[0]!.accepted.length + pair[1]!.accepted.length).toBe(sent);
    const bad = await post(u.token, "/api/generations", { prompt: "x", scenePath: "gpu" });
    expect(bad.statusCode).toBe(400);
  });

  it("moves the job when a server dies mid-generation: coins reserved once, nothing refunded", async () => {
    const slow = await startComfyStandIn({ secondsPerImage: 3 });
    const other = t.app.pipeline.gpu!.pool;
    // a third server, looking fastest, joins through the same pool the app uses
    const spare = pair[1]!;
    other.servers[0]!.healthy = false; // leave pair[0] out of this one
    (other.servers as unknown as unknown[]).push({
      url: slow.url,
      healthy: true,
      busy: 0,
      secondsPerImage: 0.001,
      lastError: undefined,
    } as never);
    const u = await seller(await productPhoto(), 40);
    // (pair[0] may be back before the end: the pool's health check marks it healthy again on a
    // slow machine, and it takes shots too; what matters is that the live ones took all four)
    const live = () => spare.accepted.length + pair[0]!.accepted.length;
    const liveBefore = live();
    const res = await post(u.token, "/api/generations", { uploadId: u.uploadId, prompt: "wood" });
    const run = t.app.pipeline.runner!.runUntilIdle();
    while (slow.accepted.length === 0) await new Promise((r) => setTimeout(r, 20));
    await slow.kill();
    await run;
    const g = await get(u.token, `/api/generations/${res.json().id}`);
    expect(g.status, g.error).toBe("done");
    expect(g.images.map((i: { madeBy: string }) => i.madeBy)).toEqual(Array(4).fill("generated"));
    // the other three shots went to the live servers meanwhile; the one lost with the server
    // followed
    expect(slow.accepted).toHaveLength(1);
    expect(live() - liveBefore).toBe(4);
    expect((await ledger(u.userId, g.id)).map((r) => r.kind)).toEqual(["spend"]);
    (other.servers as unknown as unknown[]).pop();
  });

  it("falls back to the CPU studio when no server answers", async () => {
    for (const s of pair) await s.kill();
    const { g } = await productGeneration("on linen");
    expect(g.status, g.error).toBe("done");
    expect(g.images.map((i: { madeBy: string }) => i.madeBy)).toEqual(Array(4).fill("studio"));
    expect(t.app.pipeline.gpu!.pool.available()).toBe(false);
    expect((await t.app.inject({ method: "GET", url: "/api/gpu" })).json()).toEqual({
      scenes: false,
    });
  });
});

describe.each(dbKinds)("models on GPU servers on %s", { timeout: 120_000 }, (kind) => {
  let gpu: ComfyStandIn;
  let t: TestApp;
  beforeAll(async () => {
    gpu = await startComfyStandIn({ secondsPerImage: 0.05 });
    t = await createTestApp(kind, { env: { ...studioEnv, COMFYUI_URLS: gpu.url } });
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await gpu.close();
  });

  it("offers models with COMFYUI_URLS alone and maps the choices onto the shipped workflows", async () => {
    const cfg = (await t.app.inject({ method: "GET", url: "/api/clothing/config" })).json();
    expect(cfg.tryOn.available).toBe(true);
    const u = await signup(t.app);
    const photo = await sharp(Buffer.from(teeSvg)).jpeg().toBuffer();
    const up = await postUpload(t.app, u.token, multipartBody(photo));
    const trial = await injectAs(t.app, u.token, "POST", "/api/clothing-trial", {
      shareUrl: "https://www.instagram.com/p/abc/",
    });
    expect(trial.statusCode).toBe(200);
    const choices = {
      gender: "woman",
      age: "50+",
      skinTone: "deep",
      bodyType: "curvy",
      pose: "hands-on-hips",
    };
    const model = await injectAs(t.app, u.token, "POST", "/api/clothing/models", {
      name: "Ada",
      choices,
    });
    const res = await injectAs(t.app, u.token, "POST", "/api/generations", {
      uploadId: up.json().id,
      clothing: { style: "model", modelId: model.json().id },
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.pipeline.runner?.runUntilIdle();
    const g = (await injectAs(t.app, u.token, "GET", `/api/generations/${res.json().id}`)).json();
    expect(g.status, g.error).toBe("done");
    expect(g.images.map((i: { madeBy: string }) => i.madeBy)).toEqual(Array(4).fill("generated"));
    const [first, second] = gpu.accepted;
    // a new person first (the choices in words), then the kept model's photo for every later one
    expect(first!.prompt["2"]!.inputs!.text).toMatch(
      /curvy woman over 50 with deep skin, standing with hands on hips/,
    );
    expect(first!.prompt["9"]!.class_type).toBe("CatVTONWrapper");
    expect(second!.prompt["1"]!.class_type).toBe("LoadImage");
    expect(String(second!.prompt["1"]!.inputs!.image)).toMatch(/^tryon-model-/);
  });
});
