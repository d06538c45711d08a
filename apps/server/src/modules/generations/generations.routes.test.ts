import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  injectAs,
  postUpload,
  sellerWithCoins,
  signup,
  uploadPhoto as uploadPhotoAs,
} from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, manualClock, type TestApp } from "../../testing/test-harness.ts";
import { updateAccount } from "../accounts/accounts.repository.ts";
import { multipartBody, productPhoto, studioEnv } from "../uploads/test-images.test-helper.ts";

const START = Date.UTC(2026, 10, 22, 12, 0, 0);

describe.each(dbKinds)("generations on %s", (kind) => {
  let t: TestApp;
  const time = manualClock(START);
  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock: time.clock,
      env: { ...studioEnv, MAINTENANCE_AT: new Date(START + 3600_000).toISOString() },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const run = () => t.app.pipeline.runner?.runUntilIdle();
  const user = (coins = 0) => sellerWithCoins(t.app, coins);
  const balance = (u: { userId: string }) => t.app.services.coins.balance(u.userId);
  const uploadPhoto = (token: string, seed = 1) =>
    uploadPhotoAs(t.app, token, { r: (40 + seed * 37) % 256, g: 30, b: 60 });
  const submit = (token: string | null, payload: object) =>
    injectAs(t.app, token, "POST", "/api/generations", payload);
  const get = (token: string, url: string) =>
    t.app.inject({ method: "GET", url, headers: bearer(token) });

  it("follows the spec's refusals", async () => {
    const anon = await submit(null, { prompt: "marble" });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({
      error: "Please login to continue.",
      message: "Signup to unlock",
    });
    const u = await user(10);
    const empty = await submit(u.token, { prompt: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: "No image uploaded or no text! Please provide any image or text.",
      code: "no_image_or_text",
    });
    for (const prompt of ["a NUDE model holding it", "Fuck this bottle", "性感裸体模特"]) {
      const res = await submit(u.token, { prompt });
      expect(res.statusCode, prompt).toBe(400);
      expect(res.json().error).toMatch(/not allowed/);
      expect(res.json().code).toBe("prompt_blocked");
    }
    expect((await submit(u.token, { template: "no-such-template", prompt: "x" })).statusCode).toBe(
      400,
    );
    const refs = [await uploadPhoto(u.token, 2), await uploadPhoto(u.token, 3)];
    const tooMany = await submit(u.token, { prompt: "cocktail bar", referenceIds: refs });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      error: "Too many reference image used",
      message: "The free plan allows 1 reference image per generation.",
      code: "too_many_reference_images",
    });
    const other = await user(0);
    const notMine = await submit(other.token, { prompt: "cocktail bar", referenceIds: [refs[0]] });
    expect(notMine.statusCode).toBe(404);
    const broke = await submit(other.token, { prompt: "cocktail bar on marble" });
    expect(broke.statusCode).toBe(402);
    expect(broke.json().error).toBe("Not enough credits");
    expect(await balance(u)).toBe(10); // nothing was taken by the refusals
  });

  it("reserves four coins, delivers four images, counts them; owner-only everywhere", async () => {
    const a = await user(6);
    const b = await user(6);
    const uploadId = await uploadPhoto(a.token);
    const res = await submit(a.token, {
      uploadId,
      prompt: "on white marble with soft morning light",
    });
    expect(res.statusCode).toBe(202);
    const sub = res.json();
    expect(sub).toMatchObject({ status: "waitlisted", position: 1, cost: 4 });
    expect(sub.etaSeconds).toBeGreaterThan(0);
    expect(sub.notice).toBe("Our server will be down for maintenance at: 2026-11-22T13:00:00.000Z");
    expect(await balance(a)).toBe(2);

    const pos = await get(a.token, `/api/check-position?generationId=${sub.id}`);
    expect(pos.json()).toMatchObject({ status: "waitlisted", position: 1 });
    for (const url of [
      `/api/check-position?generationId=${sub.id}`,
      `/api/generations/${sub.id}`,
    ]) {
      expect((await get(b.token, url)).statusCode, url).toBe(404);
    }
    await run();
    const done = await get(a.token, `/api/generations/${sub.id}`);
    expect(done.statusCode).toBe(200);
    const g = done.json();
    expect(g).toMatchObject({
      status: "done",
      count: 4,
      cost: 4,
      refunded: 0,
      uploadId,
      preset: "web",
    });
    expect(g.images).toHaveLength(4);
    expect(new Set(g.images.map((i: { id: string }) => i.id)).size).toBe(4);
    expect(g.images[0]).toMatchObject({ width: 256, height: 256, contentType: "image/jpeg" });
    expect(await balance(a)).toBe(2);
    const credits = await injectAs(t.app, a.token, "POST", "/api/credits", { countUsage: true });
    expect(credits.json().imageGenerated).toBe(4);

    // images: by URL token (no header), by bearer; download disposition; other user 404
    const img = await t.app.inject({ method: "GET", url: g.images[1].url });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/jpeg");
    expect(img.headers["content-disposition"]).toMatch(/^inline/);
    expect(img.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const dl = await t.app.inject({ method: "GET", url: g.images[1].downloadUrl });
    expect(dl.headers["content-disposition"]).toMatch(
      /^attachment; filename="photoshoot-.*-2\.jpg"/,
    );
    const path = `/api/generations/${sub.id}/images/1`;
    expect((await get(a.token, path)).statusCode).toBe(200);
    expect((await get(b.token, path)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: path })).statusCode).toBe(401);
    const zip = await t.app.inject({ method: "GET", url: g.zipUrl });
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(zip.rawPayload.readUInt32LE(0)).toBe(0x04034b50);

    // history, delete
    const list = await get(a.token, "/api/generations?page=1&pageSize=5");
    expect(list.json()).toMatchObject({ total: 1, page: 1, pageSize: 5 });
    expect(
      (await injectAs(t.app, b.token, "DELETE", `/api/generations/${sub.id}`)).statusCode,
    ).toBe(404);
    const del = await injectAs(t.app, a.token, "DELETE", `/api/generations/${sub.id}`);
    expect(del.json()).toEqual({ success: true, refunded: 0 });
    expect((await get(a.token, `/api/generations/${sub.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: g.images[1].url })).statusCode).toBe(404);
  });

  it("applies the tiers: two images and no coins on Basic, none charged on Pro, one on the amazon preset", async () => {
    const exp = Math.floor(START / 1000) + 86_400;
    const basic = await user(5);
    await updateAccount(t.database.db, basic.userId, {
      paymentType: "PRODUCT_APP_BASIC",
      expiration: exp,
    });
    const tooMany = await submit(basic.token, { prompt: "linen tabletop", count: 4 });
    expect(tooMany.statusCode).toBe(400);
    const b = await submit(basic.token, { prompt: "linen tabletop" });
    expect(b.json()).toMatchObject({ cost: 0 });
    const pro = await user(0);
    await updateAccount(t.database.db, pro.userId, {
      paymentType: "PRODUCT_APP_PRO",
      expiration: exp,
    });
    const p = await submit(pro.token, {
      prompt: "terrazzo podium",
      referenceIds: [await uploadPhoto(pro.token, 9)],
    });
    expect(p.json()).toMatchObject({ cost: 0 });
    const free = await user(5);
    const amazon = await submit(free.token, {
      uploadId: await uploadPhoto(free.token, 7),
      preset: "amazon",
    });
    expect(amazon.json()).toMatchObject({ cost: 1 });
    await run();
    const bg = (await get(basic.token, `/api/generations/${b.json().id}`)).json();
    expect(bg.images).toHaveLength(2);
    expect(await balance(basic)).toBe(5);
    expect((await get(pro.token, `/api/generations/${p.json().id}`)).json().images).toHaveLength(4);
    const am = (await get(free.token, `/api/generations/${amazon.json().id}`)).json();
    expect(am.images).toHaveLength(1);
    expect(await balance(free)).toBe(4);
  });

  it("counts Basic's 500 monthly pictures exactly when generations race", async () => {
    const basic = await user(0);
    await updateAccount(t.database.db, basic.userId, {
      paymentType: "PRODUCT_BASIC",
      expiration: Math.floor(START / 1000) + 86_400,
    });
    const month = new Date(START).toISOString().slice(0, 7);
    await t.database.db.execute(
      sql`insert into plan_allowance_uses (key, account_id, month, images) values (${`seed:${basic.userId}`}, ${basic.userId}, ${month}, 494)`,
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => submit(basic.token, { prompt: "linen tabletop" })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      202, 202, 202, 402, 402, 402, 402, 402, 402, 402,
    ]);
    const refused = answers.filter((a) => a.statusCode === 402);
    expect(refused).toHaveLength(7);
    expect(refused[0]?.json().error).toMatch(/500 pictures for this month are used up/);
  });

  it("refunds what it cannot deliver, and a cancelled waitlisted generation", async () => {
    const u = await user(8);
    const blank = multipartBody(
      Buffer.from(
        await (await import("sharp"))
          .default({ create: { width: 96, height: 96, channels: 3, background: "#c8c8c8" } })
          .jpeg()
          .toBuffer(),
      ),
    );
    const up = await postUpload(t.app, u.token, blank);
    const failed = await submit(u.token, { uploadId: up.json().id });
    expect(failed.statusCode).toBe(202);
    const cancelled = await submit(u.token, { prompt: "sand dunes at dusk" });
    expect(await balance(u)).toBe(0);
    const del = await injectAs(t.app, u.token, "DELETE", `/api/generations/${cancelled.json().id}`);
    expect(del.json()).toEqual({ success: true, refunded: 4 });
    await run();
    const g = (await get(u.token, `/api/generations/${failed.json().id}`)).json();
    expect(g).toMatchObject({ status: "failed", refunded: 4, images: [] });
    expect(g.error).toMatch(/refunded/);
    expect(await balance(u)).toBe(8);
    expect(await t.app.services.coins.ledgerTotal(u.userId)).toBe(8);
  });

  it("accepts exactly two of 20 simultaneous generations with 8 coins", async () => {
    const u = await user(8);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => submit(u.token, { prompt: "concrete plinth" })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 202)).toHaveLength(2);
    expect(codes.filter((c) => c === 402)).toHaveLength(18);
    expect(await balance(u)).toBe(0);
    const list = (await get(u.token, "/api/generations?pageSize=50")).json();
    expect(list.total).toBe(2);
    await run();
    expect(await balance(u)).toBe(0);
  }, 60_000);

  it("runs a user's first 200 photos in the express lane; shown positions never go up", async () => {
    const veteran = await user(4);
    await updateAccount(t.database.db, veteran.userId, { imageGenerated: 500 });
    const newcomer = await user(4);
    const slow = (await submit(veteran.token, { prompt: "slate tabletop" })).json();
    const shown = slow.position as number;
    const fast = (await submit(newcomer.token, { prompt: "slate tabletop" })).json();
    // the newcomer overtakes the veteran in the real order …
    expect(fast.position).toBeLessThanOrEqual(shown);
    const { countAhead } = await import("./generations.repository.ts");
    expect(await countAhead(t.database.db, slow.id)).toBe(shown); // one more ahead than shown
    // … but the veteran's page never sees its position go up
    const again = (await get(veteran.token, `/api/check-position?generationId=${slow.id}`)).json();
    expect(again.position).toBe(shown);
    await run();
    const started = await t.database.executeSql<{ id: string }>(
      "select id from generations where id in ($1, $2) order by started_at",
      [slow.id, fast.id],
    );
    expect(started.rows.map((r) => r.id)).toEqual([fast.id, slow.id]);
  });

  it("streams status as server-sent events until done", async () => {
    const u = await user(4);
    const sub = (await submit(u.token, { prompt: "wooden tabletop in a cafe" })).json();
    expect(sub.eventsUrl).toMatch(/\/events\?token=/);
    const other = await user(0);
    const bad = await injectAs(t.app, other.token, "GET", `/api/generations/${sub.id}/events`);
    expect(bad.statusCode).toBe(404);
    const streaming = t.app.inject({ method: "GET", url: sub.eventsUrl });
    await run();
    const res = await streaming;
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    const events = res.body.split("\n\n").filter((e) => e.startsWith("event:"));
    const order = ["waitlisted", "accepted", "processing", "generating", "done"];
    const statuses = events
      .filter((e) => e.startsWith("event: status"))
      .map((e) => JSON.parse(e.split("\n")[1]?.slice(6) ?? "{}"));
    expect(statuses[0]).toMatchObject({ id: sub.id });
    const steps = statuses.map((s) => order.indexOf(s.status));
    expect(steps.every((v, i) => v >= 0 && (i === 0 || v >= (steps[i - 1] ?? -1)))).toBe(true);
    expect(statuses.at(-1)?.status).toBe("done");
    const last = events.at(-1)?.split("\n");
    expect(last?.[0]).toBe("event: generation");
    expect(JSON.parse(last?.[1]?.slice(6) ?? "{}")).toMatchObject({ id: sub.id, status: "done" });
  });

  it("refuses new generations during maintenance", async () => {
    const u = await user(4);
    const m = await t.app.inject({ method: "GET", url: "/api/maintenance" });
    expect(m.json()).toMatchObject({ active: false, at: "2026-11-22T13:00:00.000Z" });
    time.set(START + 3600_000 + 60_000);
    try {
      const res = await submit(u.token, { prompt: "marble" });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        "Our server will be down for maintenance at: 2026-11-22T13:00:00.000Z",
      );
    } finally {
      time.set(START);
    }
  });

  it("lists the engine's templates with thumbnails, and documents the API", async () => {
    const list = (await t.app.inject({ method: "GET", url: "/api/templates" })).json();
    expect(list.templates.length).toBeGreaterThan(10);
    const first = list.templates[0];
    expect(first.name.zh).toBeTruthy();
    const thumb = await t.app.inject({ method: "GET", url: `${first.thumbnailUrl}?size=64` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    const again = await t.app.inject({ method: "GET", url: `${first.thumbnailUrl}?size=64` });
    expect(again.rawPayload).toEqual(thumb.rawPayload);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/templates/nope/thumbnail" })).statusCode,
    ).toBe(404);
    const docs = (await t.app.inject({ method: "GET", url: "/api/docs" })).json();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining([
        "/api/generations",
        "/api/uploads",
        "/api/check-position",
        "/api/generations/{id}/events",
      ]),
    );
  });
});

describe("per-IP limits on submits and uploads", () => {
  it("answers 429 beyond RATE_LIMIT_GENERATIONS and RATE_LIMIT_UPLOADS", async () => {
    const t = await createTestApp("pglite", {
      env: { ...studioEnv, RATE_LIMIT_GENERATIONS: "2/60", RATE_LIMIT_UPLOADS: "1/60" },
    });
    try {
      const u = await signup(t.app);
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const r = await injectAs(t.app, u.token, "POST", "/api/generations", { prompt: "" });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([400, 400, 429]);
      const up = async () =>
        postUpload(t.app, u.token, multipartBody(await productPhoto({ size: 64 })));
      expect((await up()).statusCode).toBe(201);
      expect((await up()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
