// A receiver on loopback that refuses the first two attempts of every event: after the
// retries it has accepted every event exactly once, each correctly signed; the account page's
// API shows each attempt with the receiver's answer, and a re-send arrives again.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  injectAs,
  postUpload,
  sellerWithCoins,
  signup,
} from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, type TestApp } from "../../testing/test-harness.ts";
import {
  blankPhoto,
  multipartBody,
  productPhoto,
  studioEnv,
} from "../uploads/test-images.test-helper.ts";
import { runVideosWithoutFfmpeg } from "../videos/broken-ffmpeg-worker.test-helper.ts";
import { isPrivateAddress } from "./webhook-sender.ts";
import { signatureHeader, verifySignature } from "./webhook-signing.ts";

interface Seen {
  eventId: string;
  type: string;
  attempt: number;
  signed: boolean;
  answered: number;
}

function receiver(secret: () => string) {
  const seen: Seen[] = [];
  const tries = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const event = JSON.parse(body);
      const n = (tries.get(event.id) ?? 0) + 1;
      tries.set(event.id, n);
      const answered = n <= 2 ? 503 : 200; // the first two attempts fail
      seen.push({
        eventId: event.id,
        type: event.type,
        attempt: Number(req.headers["studio-delivery-attempt"]),
        signed: verifySignature(
          secret(),
          String(req.headers["studio-signature"]),
          body,
          Math.floor(Date.now() / 1000),
        ),
        answered,
      });
      res.writeHead(answered, { "content-type": "text/plain" });
      res.end(answered === 200 ? "thanks" : "busy, try later");
    });
  });
  return { seen, server };
}

describe.each(dbKinds)("webhooks on %s", (kind) => {
  let t: TestApp;
  let secret = "";
  const rx = receiver(() => secret);
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((r) => rx.server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(rx.server.address() as AddressInfo).port}/hooks`;
    t = await createTestApp(kind, {
      env: { ...studioEnv, WEBHOOK_RETRY_SECONDS: "0.3,0.3,0.3", WEBHOOK_TIMEOUT_MS: "2000" },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => rx.server.close(r));
  });

  /** run jobs as they become due (retries wait their backoff) until `done` */
  async function runUntil(done: () => boolean, timeoutMs = 20_000) {
    const until = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > until) throw new Error("timed out waiting for deliveries");
      await t.app.pipeline.runner?.runUntilIdle();
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** a new account with `coins` coins */
  async function userWithCoins(coins: number) {
    const u = await sellerWithCoins(t.app, coins);
    return u;
  }
  const subscribe = (token: string, target: string, events: string[]) =>
    injectAs(t.app, token, "POST", "/api/webhooks", { url: target, events });
  async function upload(token: string, photo: Buffer) {
    const body = multipartBody(photo);
    const res = await postUpload(t.app, token, body);
    return res.json().id as string;
  }

  it("delivers every event once after retries, signed, with its history", async () => {
    const u = await userWithCoins(40);
    const made = await subscribe(u.token, url, ["generation.done", "generation.failed"]);
    expect(made.statusCode).toBe(201);
    secret = made.json().secret;
    expect(secret).toMatch(/^whsec_/);
    const endpointId = made.json().id;

    const good = await upload(u.token, await productPhoto({ color: { r: 200, g: 40, b: 40 } }));
    const blank = await upload(u.token, await blankPhoto(160)); // no product: the generation fails
    const ids: string[] = [];
    for (const payload of [
      { uploadId: good, prompt: "marble" },
      { uploadId: good, prompt: "linen" },
      { uploadId: blank, prompt: "wood" },
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/generations",
        headers: bearer(u.token),
        payload,
      });
      expect(res.statusCode).toBe(202);
      ids.push(res.json().id);
    }
    const accepted = () => rx.seen.filter((s) => s.answered === 200);
    await runUntil(() => accepted().length >= 3);
    // a little longer: nothing more may arrive once every event was accepted
    await new Promise((r) => setTimeout(r, 800));
    await t.app.pipeline.runner?.runUntilIdle();

    expect(rx.seen.every((s) => s.signed)).toBe(true);
    expect(accepted()).toHaveLength(3);
    expect(new Set(accepted().map((s) => s.eventId)).size).toBe(3);
    expect(
      accepted()
        .map((s) => s.type)
        .sort(),
    ).toEqual(["generation.done", "generation.done", "generation.failed"]);
    expect(rx.seen).toHaveLength(9); // 2 refusals + 1 success each
    for (const id of new Set(rx.seen.map((s) => s.eventId))) {
      expect(rx.seen.filter((s) => s.eventId === id).map((s) => s.attempt)).toEqual([1, 2, 3]);
    }

    const list = await injectAs(t.app, u.token, "GET", `/api/webhooks/${endpointId}/deliveries`);
    const deliveries = list.json().deliveries;
    expect(deliveries).toHaveLength(3);
    for (const d of deliveries) {
      expect(d).toMatchObject({ status: "delivered", attempts: 3 });
      expect(d.tries.map((x: { responseStatus: number }) => x.responseStatus)).toEqual([
        503, 503, 200,
      ]);
      expect(d.tries[0].responseBody).toBe("busy, try later");
      expect(JSON.parse(d.payload).data.generation.id).toBeOneOf(ids);
    }

    // re-send from the account page: one more attempt, the same event id
    const before = rx.seen.length;
    const again = await injectAs(
      t.app,
      u.token,
      "POST",
      `/api/webhooks/deliveries/${deliveries[0].id}/resend`,
    );
    expect(again.statusCode).toBe(202);
    await runUntil(() => rx.seen.length > before);
    const last = rx.seen.at(-1);
    expect(last).toMatchObject({ eventId: deliveries[0].eventId, attempt: 4, signed: true });
  });

  it("gives up after the last retry and keeps why", async () => {
    const u = await userWithCoins(4);
    const made = await subscribe(u.token, "http://127.0.0.1:9/nobody-listens", ["generation.done"]);
    const res = await injectAs(t.app, u.token, "POST", "/api/generations", {
      prompt: "marble podium",
      count: 1,
    });
    expect(res.statusCode).toBe(202);
    const deliveries = async () =>
      (await injectAs(t.app, u.token, "GET", `/api/webhooks/${made.json().id}/deliveries`)).json()
        .deliveries;
    let state: { status: string; attempts: number; tries: { error: string }[] }[] = [];
    const until = Date.now() + 20_000;
    while (state[0]?.status !== "failed" && Date.now() < until) {
      await t.app.pipeline.runner?.runUntilIdle();
      await new Promise((r) => setTimeout(r, 100));
      state = await deliveries();
    }
    expect(state[0]).toMatchObject({ status: "failed", attempts: 4 }); // 1 + 3 retries
    expect(state[0]?.tries[0]?.error).toMatch(/ECONNREFUSED/);
  });

  it("tells the end of a video: video.done, and video.failed with its refund", async () => {
    const u = await userWithCoins(20);
    const made = await subscribe(u.token, url, ["video.done", "video.failed"]);
    expect(made.statusCode).toBe(201);
    secret = made.json().secret;
    const uploadId = await upload(u.token, await productPhoto({ color: { r: 40, g: 90, b: 200 } }));
    const video = (move: string) =>
      t.app
        .inject({
          method: "POST",
          url: "/api/videos",
          headers: bearer(u.token),
          payload: { uploadIds: [uploadId], move, aspect: "1:1" },
        })
        .then((r) => {
          expect(r.statusCode, r.body).toBe(202);
          return r.json().id as string;
        });
    // the first runs in a worker whose ffmpeg is missing: it fails and refunds
    const failing = await video("orbit");
    await runVideosWithoutFfmpeg(t);
    const succeeding = await video("push-in");
    const videoEvents = () =>
      rx.seen.filter((s) => s.type.startsWith("video.") && s.answered === 200);
    await runUntil(() => videoEvents().length >= 2, 120_000);
    expect(videoEvents().every((s) => s.signed)).toBe(true);
    const list = await injectAs(
      t.app,
      u.token,
      "GET",
      `/api/webhooks/${made.json().id}/deliveries`,
    );
    const events = list
      .json()
      .deliveries.map((d: { payload: string }) => JSON.parse(d.payload))
      .sort((x: { type: string }, y: { type: string }) => x.type.localeCompare(y.type));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      type: "video.done",
      data: { video: { id: succeeding, status: "done", seconds: 5, aspect: "1:1", error: null } },
    });
    expect(events[1]).toMatchObject({
      type: "video.failed",
      data: { video: { id: failing, status: "failed" } },
    });
    expect(events[1].data.video.error).toMatch(/Your coins were refunded/);
  }, 150_000); // a real five-second render: the wait above allows 120 s on a loaded machine

  it("keeps endpoints per account and validates them", async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const made = await injectAs(t.app, a.token, "POST", "/api/webhooks", {
      url,
      events: ["batch.done"],
    });
    const id = made.json().id;
    expect((await injectAs(t.app, b.token, "DELETE", `/api/webhooks/${id}`)).statusCode).toBe(404);
    expect(
      (await injectAs(t.app, b.token, "GET", `/api/webhooks/${id}/deliveries`)).json().deliveries,
    ).toEqual([]);
    for (const payload of [
      { url: "ftp://example.com/x", events: ["batch.done"] },
      { url: "https://user:pw@example.com/x", events: ["batch.done"] },
      { url: "https://example.com/x", events: ["order.paid"] },
      { url: "https://example.com/x", events: [] },
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/webhooks",
        headers: bearer(a.token),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await injectAs(t.app, a.token, "DELETE", `/api/webhooks/${id}`)).statusCode).toBe(200);
  });
});

describe("webhook signatures and addresses", () => {
  it("verifies Stripe-style signatures and refuses tampering and old timestamps", () => {
    const body = '{"id":"e1"}';
    const now = 1_800_000_000;
    const header = signatureHeader("whsec_abc", now, body);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature("whsec_abc", header, body, now + 10)).toBe(true);
    expect(verifySignature("whsec_abc", header, '{"id":"e2"}', now)).toBe(false);
    expect(verifySignature("whsec_other", header, body, now)).toBe(false);
    expect(verifySignature("whsec_abc", header, body, now + 301)).toBe(false);
  });

  it("knows private addresses", () => {
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "::1",
      "fd00::1",
      "::ffff:127.0.0.1",
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ["8.8.8.8", "172.32.0.1", "2606:4700::1111"]) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });

  it("refuses private endpoints unless allowed", async () => {
    const t = await createTestApp("pglite", { env: { WEBHOOK_ALLOW_PRIVATE: "false" } });
    try {
      const u = await signup(t.app);
      for (const target of [
        "http://127.0.0.1:8080/x",
        "http://localhost/x",
        "http://[::1]/x",
        "http://10.0.0.5/x",
      ]) {
        const res = await injectAs(t.app, u.token, "POST", "/api/webhooks", {
          url: target,
          events: ["generation.done"],
        });
        expect(res.statusCode, target).toBe(400);
      }
    } finally {
      await t.close();
    }
  });
});
