// The Clothing app's server side: clothing generations through the Product app's queue, coins
// and history, the Fashion entitlement (plan or 3-day trial with 150 downloads), and human
// models through a try-on backend — here a local stand-in of a hosted submit/poll/fetch API.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ClothingMessages, ErrorCodes } from "@studio/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, postUpload, sellerWithCoins } from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, type TestApp } from "../../testing/test-harness.ts";
import { multipartBody, studioEnv } from "../uploads/test-images.test-helper.ts";
import { reserveTrialDownloads } from "./clothing-entitlement.ts";

/** a navy tee on a light backdrop, drawn here (no photos with unclear rights) */
async function teePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500">
    <rect width="400" height="500" fill="#f2f2f0"/>
    <path fill="#1f3a68" d="M160 110 Q200 135 240 110 L300 130 L345 205 L300 225 L290 200 L290 400 L110 400 L110 200 L100 225 L55 205 L100 130 Z"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** a hosted try-on service speaking submit → poll → fetch, answering a plain image */
async function tryOnStandIn(): Promise<{
  url: string;
  server: Server;
  runs: Record<string, unknown>[];
}> {
  const runs: Record<string, unknown>[] = [];
  const result = await sharp({
    create: { width: 384, height: 512, channels: 3, background: "#c8a890" },
  })
    .png()
    .toBuffer();
  const server = createServer(async (req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    if (u.pathname.startsWith("/cdn/")) {
      res.setHeader("content-type", "image/png");
      res.end(result);
      return;
    }
    res.setHeader("content-type", "application/json");
    if (req.method === "POST" && u.pathname === "/v1/run") {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      runs.push(JSON.parse(Buffer.concat(chunks).toString()).inputs);
      res.end(JSON.stringify({ id: `r${runs.length}` }));
      return;
    }
    const m = /^\/v1\/status\/(r\d+)$/.exec(u.pathname);
    if (m) {
      res.end(
        JSON.stringify({
          id: m[1],
          status: "completed",
          output: [`http://${req.headers.host}/cdn/${m[1]}.png`],
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end("{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, runs };
}

describe.each(dbKinds)("clothing generations on %s", (kind) => {
  let t: TestApp;
  let models: TestApp;
  let standIn: Awaited<ReturnType<typeof tryOnStandIn>>;
  beforeAll(async () => {
    standIn = await tryOnStandIn();
    t = await createTestApp(kind, { env: { ...studioEnv } });
    models = await createTestApp(kind, {
      env: { ...studioEnv, TRYON_BACKEND: "hosted", TRYON_URL: standIn.url, TRYON_API_KEY: "k" },
    });
  });
  afterAll(async () => {
    await t.close();
    await models.close();
    standIn.server.close();
  });

  async function seller(app: TestApp, coins = 0) {
    const u = await sellerWithCoins(app.app, coins);
    const res = await postUpload(app.app, u.token, multipartBody(await teePhoto()));
    expect(res.statusCode, res.body).toBe(201);
    return { ...u, uploadId: res.json().id as string };
  }
  const post = (app: TestApp, token: string, url: string, payload: object) =>
    app.app.inject({ method: "POST", url, headers: bearer(token), payload });
  const get = (app: TestApp, token: string, url: string) =>
    app.app.inject({ method: "GET", url, headers: bearer(token) });
  const trial = (app: TestApp, token: string) =>
    post(app, token, "/api/clothing-trial", { shareUrl: "https://www.instagram.com/p/abc/" });

  it("says plainly that models need a backend, and offers the CPU styles", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/clothing/config" });
    expect(res.json()).toMatchObject({
      styles: ["flatlay", "hanger", "ghost", "dress-form"],
      tryOn: { available: false, message: expect.stringMatching(/need a try-on backend/) },
    });
    const u = await seller(t, 40);
    const model = await post(t, u.token, "/api/generations", {
      uploadId: u.uploadId,
      clothing: {
        style: "model",
        model: {
          gender: "woman",
          age: "26-35",
          skinTone: "medium",
          bodyType: "slim",
          pose: "front",
        },
      },
    });
    expect(model.statusCode).toBe(503);
    expect(model.json().error).toMatch(/need a try-on backend/);
  });

  it("runs a CPU style through the same queue, coins and history as the Product app", async () => {
    const u = await seller(t, 40);
    const res = await post(t, u.token, "/api/generations", {
      uploadId: u.uploadId,
      prompt: "summer",
      clothing: { style: "ghost" },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().cost).toBe(4); // no Fashion plan: the Product app's price
    await t.app.pipeline.runner?.runUntilIdle();
    const g = (await get(t, u.token, `/api/generations/${res.json().id}`)).json();
    expect(g.status).toBe("done");
    expect(g.images).toHaveLength(4);
    expect([g.images[0].width, g.images[0].height]).toEqual([256, 256 * 1.25]);
    expect(g.clothing).toEqual({ style: "ghost", kind: "top", modelId: null });
    const mine = (await get(t, u.token, "/api/generations?app=clothing")).json();
    expect(mine.items.map((i: { id: string }) => i.id)).toEqual([g.id]);
    expect((await get(t, u.token, "/api/generations?app=product")).json().total).toBe(0);
  });

  it("is free of coins on the Fashion trial, counting its 150 downloads", async () => {
    const u = await seller(t);
    expect((await trial(t, u.token)).statusCode).toBe(200);
    const res = await post(t, u.token, "/api/generations", {
      uploadId: u.uploadId,
      clothing: { style: "dress-form", kind: "top" },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().cost).toBe(0);
    const ent = (await get(t, u.token, "/api/clothing/entitlement")).json();
    expect(ent).toMatchObject({ clothAppValid: true, trial: true, trialDownloadsLeft: 146 });
  });

  it("refuses with the trial-downloads-used code once the trial's downloads are gone", async () => {
    const u = await seller(t);
    expect((await trial(t, u.token)).statusCode).toBe(200);
    const db = t.database.db;
    expect(await db.transaction((tx) => reserveTrialDownloads(tx, u.userId, 150))).toBe(true);
    const res = await post(t, u.token, "/api/generations", {
      uploadId: u.uploadId,
      clothing: { style: "dress-form", kind: "top" },
    });
    expect(res.statusCode, res.body).toBe(402);
    // the web app opens the clothing pricing table on the code; the text stays for people
    expect(res.json()).toEqual({
      error: ClothingMessages.trialDownloadsUsed,
      code: ErrorCodes.trialDownloadsUsed,
    });
  });

  it("validates what it is given", async () => {
    const u = await seller(t, 40);
    const bad = [
      { uploadId: u.uploadId, clothing: { style: "catwalk" } },
      { uploadId: u.uploadId, clothing: { style: "ghost", kind: "hat" } },
      { clothing: { style: "ghost" }, prompt: "x" },
    ];
    for (const payload of bad) {
      const res = await post(t, u.token, "/api/generations", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const tooLong = await post(t, u.token, "/api/clothing/models", {
      name: "x".repeat(61),
      choices: {
        gender: "woman",
        age: "26-35",
        skinTone: "medium",
        bodyType: "slim",
        pose: "front",
      },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it("puts garments on a kept model through the try-on backend, with a Fashion entitlement", async () => {
    const cfg = (await models.app.inject({ method: "GET", url: "/api/clothing/config" })).json();
    expect(cfg.tryOn.available).toBe(true);
    const u = await seller(models);
    const choices = {
      gender: "man",
      age: "36-50",
      skinTone: "brown",
      bodyType: "athletic",
      pose: "walking",
    };
    const created = await post(models, u.token, "/api/clothing/models", { name: "Leo", choices });
    expect(created.statusCode, created.body).toBe(201);
    const modelId = created.json().id;
    const ask = () =>
      post(models, u.token, "/api/generations", {
        uploadId: u.uploadId,
        clothing: { style: "model", modelId },
      });
    const refused = await ask();
    expect(refused.statusCode).toBe(402); // no Fashion plan: the clothing pricing table
    expect(refused.json()).toEqual({
      error: ClothingMessages.clothingPlanRequired,
      code: ErrorCodes.clothingPlanRequired,
    });
    expect((await trial(models, u.token)).statusCode).toBe(200);
    const first = await ask();
    expect(first.statusCode, first.body).toBe(202);
    await models.app.pipeline.runner?.runUntilIdle();
    const g = (await get(models, u.token, `/api/generations/${first.json().id}`)).json();
    expect(g.status, g.error).toBe("done");
    expect(g.images).toHaveLength(4);
    expect(standIn.runs[0]).toMatchObject({ category: "tops" });
    expect(String(standIn.runs[0]!.model_prompt)).toMatch(
      /athletic man aged 36-50 with brown skin, walking/,
    );
    expect(standIn.runs[0]!.model_image).toBeUndefined();
    // the first look is kept: every later try-on sends it as the model's photo
    expect(standIn.runs[1]!.model_image).toMatch(/^data:image\/png;base64,|^data:image/);
    const list = (await get(models, u.token, "/api/clothing/models")).json();
    expect(list.models[0]).toMatchObject({ id: modelId, name: "Leo", hasReference: true });
    const ent = (await get(models, u.token, "/api/clothing/entitlement")).json();
    expect(ent.trialDownloadsLeft).toBe(146);
  });
});
