// The public API end to end through app.inject: an API key uploads, generates, polls and
// downloads with the web app's rules; scopes, idempotency, stable error codes, rate limits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, injectAs, sellerWithApiKey, signup } from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, manualClock, type TestApp } from "../../testing/test-harness.ts";
import { multipartBody, productPhoto, studioEnv } from "../uploads/test-images.test-helper.ts";

describe.each(dbKinds)("/v1 on %s", (kind) => {
  let t: TestApp;
  const time = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock: time.clock,
      env: { ...studioEnv, RATE_LIMIT_API_KEY: "1000/60", RATE_LIMIT_API_BAD_KEY: "1000/60" },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const run = () => t.app.pipeline.runner?.runUntilIdle();
  const account = (coins = 0, scopes?: string[]) => sellerWithApiKey(t.app, coins, scopes);
  const upload = async (key: string, seed = 1, headers: Record<string, string> = {}) => {
    const body = multipartBody(await productPhoto({ color: { r: seed * 40, g: 60, b: 90 } }));
    return t.app.inject({
      method: "POST",
      url: "/v1/uploads",
      headers: { ...body.headers, ...bearer(key), ...headers },
      payload: body.payload,
    });
  };
  const post = (key: string, url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, headers: { ...bearer(key), ...headers }, payload });
  const get = (key: string, url: string) =>
    t.app.inject({ method: "GET", url, headers: bearer(key) });

  it("uploads, generates, reports, delivers and deletes with an API key", async () => {
    const a = await account(20);
    const up = await upload(a.key);
    expect(up.statusCode).toBe(201);
    const uploadId = up.json().id;
    const sub = await post(a.key, "/v1/generations", { uploadId, prompt: "on marble" });
    expect(sub.statusCode).toBe(202);
    expect(sub.json()).toMatchObject({ status: "waitlisted", position: 1, cost: 4 });
    expect(await t.app.services.coins.balance(a.userId)).toBe(20 - 4);
    await run();
    const g = await get(a.key, `/v1/generations/${sub.json().id}`);
    expect(g.statusCode).toBe(200);
    expect(g.json()).toMatchObject({ status: "done", count: 4 });
    expect(g.json().images).toHaveLength(4);
    const img = await t.app.inject({ method: "GET", url: g.json().images[0].url });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/jpeg");
    const list = await get(a.key, "/v1/generations");
    expect(list.json().total).toBe(1);
    const del = await injectAs(t.app, a.key, "DELETE", `/v1/generations/${sub.json().id}`);
    expect(del.statusCode).toBe(200);
    expect((await get(a.key, `/v1/generations/${sub.json().id}`)).json().error.code).toBe(
      "not_found",
    );
  });

  it("queues and cancels a product video with the same rules", async () => {
    const a = await account(100);
    const uploadId = (await upload(a.key, 4)).json().id;
    const before = await t.app.services.coins.balance(a.userId);
    const v = await post(a.key, "/v1/videos", { uploadIds: [uploadId], seconds: 5 });
    expect(v.statusCode).toBe(202);
    expect(v.json().status).toBe("waitlisted");
    const cost = before - (await t.app.services.coins.balance(a.userId));
    expect(cost).toBeGreaterThan(0);
    expect((await get(a.key, `/v1/videos/${v.json().id}`)).json().id).toBe(v.json().id);
    const del = await injectAs(t.app, a.key, "DELETE", `/v1/videos/${v.json().id}`);
    expect(del.json()).toEqual({ success: true, refunded: cost });
    expect(await t.app.services.coins.balance(a.userId)).toBe(before);
  });

  it("answers stable error codes", async () => {
    const a = await account(0);
    expect(await t.app.services.coins.balance(a.userId)).toBe(0);
    const poor = await post(a.key, "/v1/generations", { prompt: "marble" });
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({
      error: { code: "insufficient_coins", message: "Not enough credits" },
    });
    expect(poor.json().requestId).toBeTruthy();
    const bad = await post(a.key, "/v1/generations", { prompt: "x", count: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("invalid_request");
    const blocked = await post(a.key, "/v1/generations", { prompt: "a NUDE model" });
    expect(blocked.json().error.code).toBe("prompt_blocked");
    const tpl = await post(a.key, "/v1/generations", { prompt: "x", template: "nope" });
    expect(tpl.json().error.code).toBe("template_not_found");
    const other = await get(a.key, "/v1/generations/00000000-0000-4000-8000-000000000000");
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe("not_found");
    const route = await get(a.key, "/v1/nothing-here");
    expect(route.json().error.code).toBe("not_found");
    const hello = multipartBody(Buffer.from("hello"));
    const notPhoto = await t.app.inject({
      method: "POST",
      url: "/v1/uploads",
      headers: { ...hello.headers, ...bearer(a.key) },
      payload: hello.payload,
    });
    expect(notPhoto.statusCode).toBe(415);
    expect(notPhoto.json().error.code).toBe("unsupported_media_type");
    const broken = await t.app.inject({
      method: "POST",
      url: "/v1/uploads",
      headers: { ...multipartBody(Buffer.from("x")).headers, ...bearer(a.key) },
      payload: hello.payload,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe("invalid_request");
  });

  it("refuses missing, wrong and session credentials, and checks scopes", async () => {
    const a = await account(0, ["read"]);
    const none = await t.app.inject({ method: "GET", url: "/v1/generations" });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe("invalid_api_key");
    const session = await get(a.token, "/v1/generations");
    expect(session.statusCode).toBe(401);
    expect((await get(`psk_${"x".repeat(40)}`, "/v1/generations")).statusCode).toBe(401);
    expect((await get(a.key, "/v1/generations")).statusCode).toBe(200);
    const write = await post(a.key, "/v1/generations", { prompt: "marble" });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe("insufficient_scope");
  });

  it("refuses a revoked key at once", async () => {
    const a = await account(10);
    expect((await get(a.key, "/v1/generations")).statusCode).toBe(200);
    const del = await injectAs(t.app, a.token, "DELETE", `/api/keys/${a.keyId}`);
    expect(del.statusCode).toBe(200);
    const after = await get(a.key, "/v1/generations");
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toMatchObject({
      code: "invalid_api_key",
      message: "This API key was revoked.",
    });
    expect((await post(a.key, "/v1/generations", { prompt: "marble" })).statusCode).toBe(401);
  });

  it("acts once per Idempotency-Key", async () => {
    const a = await account(40);
    const before = await t.app.services.coins.balance(a.userId);
    const key = { "idempotency-key": "order-1234-photo-1" };
    const first = await post(a.key, "/v1/generations", { prompt: "linen" }, key);
    expect(first.statusCode).toBe(202);
    const again = await post(a.key, "/v1/generations", { prompt: "linen" }, key);
    expect(again.statusCode).toBe(202);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().id).toBe(first.json().id);
    expect(await t.app.services.coins.balance(a.userId)).toBe(before - 4);
    const reused = await post(a.key, "/v1/generations", { prompt: "marble" }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe("idempotency_key_reused");
    // a failed request keeps nothing: the same key may try again
    const k2 = { "idempotency-key": "order-1234-photo-2" };
    expect(
      (await post(a.key, "/v1/generations", { prompt: "x", template: "nope" }, k2)).statusCode,
    ).toBe(400);
    expect((await post(a.key, "/v1/generations", { prompt: "x" }, k2)).statusCode).toBe(202);
    // uploads too (the file's hash is the request)
    const u1 = await upload(a.key, 2, { "idempotency-key": "up-1" });
    const u2 = await upload(a.key, 2, { "idempotency-key": "up-1" });
    expect(u2.headers["idempotent-replayed"]).toBe("true");
    expect(u2.json().id).toBe(u1.json().id);
    expect((await upload(a.key, 3, { "idempotency-key": "up-1" })).statusCode).toBe(422);
    // keys are per account
    const b = await account(40);
    const theirs = await post(b.key, "/v1/generations", { prompt: "linen" }, key);
    expect(theirs.statusCode).toBe(202);
    expect(theirs.json().id).not.toBe(first.json().id);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs" })).json();
    for (const path of ["/v1/uploads", "/v1/generations", "/v1/generations/{id}"]) {
      expect(doc.paths[path], path).toBeTruthy();
    }
    expect(doc.paths["/v1/generations"].post.operationId).toBe("createGeneration");
    expect(doc.paths["/v1/generations"].post.security).toEqual([{ apiKey: [] }]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http" });
    expect(JSON.stringify(doc.paths["/v1/generations"].post.parameters)).toContain(
      "idempotency-key",
    );
  });
});

describe("/v1 rate limits per key", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", {
      env: { ...studioEnv, RATE_LIMIT_API_KEY: "3/60", RATE_LIMIT_API_BAD_KEY: "2/60" },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers RateLimit headers, then 429 with Retry-After; other keys are not affected", async () => {
    const u = await signup(t.app);
    const mk = async () =>
      (await injectAs(t.app, u.token, "POST", "/api/keys", { name: "k", scopes: ["read"] })).json()
        .key as string;
    const k1 = await mk();
    const k2 = await mk();
    const seen = [];
    for (let i = 0; i < 4; i++) {
      const res = await injectAs(t.app, k1, "GET", "/v1/generations");
      seen.push([res.statusCode, res.headers["ratelimit-remaining"]]);
      expect(res.headers["ratelimit-limit"]).toBe("3");
      expect(res.headers["ratelimit-policy"]).toBe("3;w=60");
      if (res.statusCode === 429) {
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
        expect(res.json().error.code).toBe("rate_limited");
      }
    }
    expect(seen).toEqual([
      [200, "2"],
      [200, "1"],
      [200, "0"],
      [429, "0"],
    ]);
    const other = await injectAs(t.app, k2, "GET", "/v1/generations");
    expect(other.statusCode).toBe(200);
    // guessing keys is limited per address
    const bad = [];
    for (let i = 0; i < 3; i++) {
      bad.push(
        (
          await t.app.inject({
            method: "GET",
            url: "/v1/generations",
            headers: bearer(`psk_${String(i).repeat(40)}`),
          })
        ).statusCode,
      );
    }
    expect(bad).toEqual([401, 401, 429]);
  });
});
