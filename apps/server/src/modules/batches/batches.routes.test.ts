// Batches through /v1 on one process: a ZIP with a CSV of per-photo settings, a JSON list of
// uploads, coins reserved up front and refunded per failure, progress, the results ZIP, the
// batch.done event, cancelling, and fair share with web traffic.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipStore } from "../../http/zip.ts";
import { bearer, injectAs, postUpload, sellerWithApiKey } from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, type TestApp } from "../../testing/test-harness.ts";
import {
  blankPhoto,
  multipartBody,
  multipartForm,
  productPhoto,
  studioEnv,
} from "../uploads/test-images.test-helper.ts";
import { readZip } from "./zip-reader.ts";

describe.each(dbKinds)("batches on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { ...studioEnv, RATE_LIMIT_API_KEY: "10000/60", BATCH_FAIR_SHARE: "3" },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const account = (coins: number) => sellerWithApiKey(t.app, coins);
  const photo = (i: number) =>
    productPhoto({ color: { r: (30 + i * 41) % 256, g: 90, b: (200 - i * 13) % 256 } });
  const balance = (u: { userId: string }) => t.app.services.coins.balance(u.userId);

  it("takes a ZIP with a CSV, reserves up front, refunds the failure, delivers one ZIP", async () => {
    const u = await account(40);
    await injectAs(t.app, u.token, "POST", "/api/webhooks", {
      url: "http://127.0.0.1:9/none",
      events: ["batch.done"],
    });
    const zip = zipStore([
      { name: "shoes/red.jpg", bytes: await photo(1) },
      { name: "shoes/blue.jpg", bytes: await photo(2) },
      { name: "blank.jpg", bytes: await blankPhoto(160) },
      { name: "bag.jpg", bytes: await photo(3) },
    ]);
    const csv =
      'filename,prompt,preset\nshoes/red.jpg,"on marble, soft light",\nblue.jpg,,amazon\nblank.jpg,wood,\nbag.jpg,,\n';
    const body = multipartForm([
      { name: "archive", filename: "photos.zip", body: zip },
      { name: "csv", filename: "photos.csv", body: csv },
      { name: "prompt", body: "linen tabletop" },
      { name: "count", body: "2" },
    ]);
    const before = await balance(u);
    const res = await t.app.inject({
      method: "POST",
      url: "/v1/batches",
      headers: { ...body.headers, ...bearer(u.key) },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(202);
    const b = res.json();
    // 2 + 1 (amazon: one image on white) + 2 + 2 images, one coin each, reserved now
    expect(b).toMatchObject({
      status: "processing",
      total: 4,
      done: 0,
      failed: 0,
      pending: 4,
      cost: 7,
    });
    expect(await balance(u)).toBe(before - 7);
    expect(b.items.map((i: { filename: string }) => i.filename)).toEqual([
      "shoes/red.jpg",
      "shoes/blue.jpg",
      "blank.jpg",
      "bag.jpg",
    ]);
    const gens = await t.database.executeSql<{
      prompt: string;
      preset: string;
      image_count: number;
    }>(
      `select g.prompt, g.preset, g.image_count from generations g join batch_items i on i.generation_id = g.id
       where i.batch_id = $1 order by i.idx`,
      [b.id],
    );
    expect(gens.rows).toEqual([
      { prompt: "on marble, soft light", preset: "web", image_count: 2 },
      { prompt: "linen tabletop", preset: "amazon", image_count: 1 },
      { prompt: "wood", preset: "web", image_count: 2 },
      { prompt: "linen tabletop", preset: "web", image_count: 2 },
    ]);

    await t.app.pipeline.runner?.runUntilIdle();
    const done = (
      await t.app.inject({ method: "GET", url: `/v1/batches/${b.id}`, headers: bearer(u.key) })
    ).json();
    expect(done).toMatchObject({
      status: "done",
      done: 3,
      failed: 1,
      pending: 0,
      cost: 7,
      refunded: 2,
    });
    expect(done.items[2].status).toBe("failed");
    expect(done.items[2].error).toMatch(/refunded/);
    expect(await balance(u)).toBe(before - 5);
    expect(await t.app.services.coins.ledgerTotal(u.userId)).toBe(await balance(u));

    const results = await injectAs(t.app, u.key, "GET", `/v1/batches/${b.id}/results`);
    expect(results.statusCode).toBe(200);
    expect(results.headers["content-type"]).toBe("application/zip");
    const files = readZip(results.rawPayload, {
      maxEntries: 100,
      maxEntryBytes: 10e6,
      maxTotalBytes: 10e7,
    });
    expect(files.map((f) => f.name)).toEqual([
      "0001-red-1.jpg",
      "0001-red-2.jpg",
      "0002-blue-1.jpg",
      "0004-bag-1.jpg",
      "0004-bag-2.jpg",
    ]);
    expect(files.every((f) => f.bytes[0] === 0xff && f.bytes[1] === 0xd8)).toBe(true);
    const events = await t.database.executeSql<{ event_type: string; payload: string }>(
      "select event_type, payload from webhook_deliveries where account_id = $1",
      [u.userId],
    );
    expect(events.rows).toHaveLength(1);
    expect(JSON.parse(events.rows[0]?.payload ?? "{}").data.batch).toMatchObject({
      id: b.id,
      done: 3,
      failed: 1,
    });
    // the sources were imported and removed
    const sources = await t.database.executeSql(
      "select source_key from batch_items where batch_id = $1 and source_key is not null",
      [b.id],
    );
    expect(sources.rows).toHaveLength(0);
  });

  it("takes a JSON list of uploads and refuses what the plan cannot pay", async () => {
    const u = await account(4);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const body = multipartBody(await photo(10 + i));
      const up = await t.app.inject({
        method: "POST",
        url: "/v1/uploads",
        headers: { ...body.headers, ...bearer(u.key) },
        payload: body.payload,
      });
      ids.push(up.json().id);
    }
    const list = (count: number) => ({ count, items: ids.map((uploadId) => ({ uploadId })) });
    const poor = await injectAs(t.app, u.key, "POST", "/v1/batches", list(2));
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error.code).toBe("insufficient_coins");
    const none = await t.database.executeSql("select 1 from batches where account_id = $1", [
      u.userId,
    ]);
    expect(none.rows).toHaveLength(0);
    const before = await balance(u);
    const ok = await injectAs(t.app, u.key, "POST", "/v1/batches", list(1));
    expect(ok.statusCode).toBe(202);
    expect(ok.json()).toMatchObject({ total: 3, cost: 3 });
    expect(await balance(u)).toBe(before - 3);
    const bad = await injectAs(t.app, u.key, "POST", "/v1/batches", {
      items: [{ uploadId: ids[0], prompt: "a NUDE model" }],
    });
    expect(bad.json().error.code).toBe("prompt_blocked");
    // cancel before it starts: everything refunded, then gone
    const del = await injectAs(t.app, u.key, "DELETE", `/v1/batches/${ok.json().id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, refunded: 3 });
    expect(await balance(u)).toBe(before);
    const gone = await injectAs(t.app, u.key, "GET", `/v1/batches/${ok.json().id}`);
    expect(gone.statusCode).toBe(404);
  });

  it("refuses bad archives with clear errors", async () => {
    const u = await account(10);
    const send = async (parts: Parameters<typeof multipartForm>[0]) => {
      const body = multipartForm(parts);
      return t.app.inject({
        method: "POST",
        url: "/v1/batches",
        headers: { ...body.headers, ...bearer(u.key) },
        payload: body.payload,
      });
    };
    const notZip = await send([{ name: "archive", filename: "a.zip", body: "hello" }]);
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().error.message).toMatch(/not a ZIP/);
    const text = await send([
      {
        name: "archive",
        filename: "a.zip",
        body: zipStore([{ name: "notes.txt", bytes: Buffer.from("hi") }]),
      },
    ]);
    expect(text.statusCode).toBe(415);
    const missing = await send([
      {
        name: "archive",
        filename: "a.zip",
        body: zipStore([{ name: "a.jpg", bytes: await photo(1) }]),
      },
      { name: "csv", filename: "a.csv", body: "filename,prompt\nb.jpg,x\n" },
    ]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/line 2: no photo named "b.jpg"/);
  });

  it("shares the workers fairly: web traffic first, a batch photo every fourth job", async () => {
    const web = await account(100);
    const shop = await account(100);
    const body = multipartBody(await photo(30));
    const up = (await postUpload(t.app, web.token, body)).json().id;
    await t.app.pipeline.runner?.runUntilIdle(); // its cut-out
    const zip = zipStore(
      await Promise.all(
        [1, 2, 3].map(async (i) => ({ name: `p${i}.jpg`, bytes: await photo(40 + i) })),
      ),
    );
    const mp = multipartForm([
      { name: "archive", filename: "b.zip", body: zip },
      { name: "count", body: "1" },
    ]);
    const batch = await t.app.inject({
      method: "POST",
      url: "/v1/batches",
      headers: { ...mp.headers, ...bearer(shop.key) },
      payload: mp.payload,
    });
    expect(batch.statusCode).toBe(202);
    const webIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await injectAs(t.app, web.token, "POST", "/api/generations", {
        uploadId: up,
        prompt: `scene ${i}`,
        count: 1,
      });
      webIds.push(r.json().id);
    }
    await t.app.pipeline.runner?.runUntilIdle();
    const order = await t.database.executeSql<{ id: string }>(
      "select id from generations where account_id in ($1, $2) order by started_at",
      [web.userId, shop.userId],
    );
    const kinds = order.rows.map((r) => (webIds.includes(r.id) ? "W" : "B")).join("");
    expect(kinds).toBe("WWWBWWWBB");
  });
});
