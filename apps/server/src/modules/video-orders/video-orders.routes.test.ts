import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, injectAs, postUpload, signup } from "../../testing/api-helpers.ts";
import { decodeRaw, startSmtpSink } from "../../testing/smtp-sink.ts";
import { createTestApp, dbKinds, manualClock, type TestApp } from "../../testing/test-harness.ts";
import { updateAccount } from "../accounts/accounts.repository.ts";
import { multipartBody, productPhoto, studioEnv } from "../uploads/test-images.test-helper.ts";
import { markVideoOrderPaid } from "./video-orders.service.ts";

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const DEV = "producer@studio.test";

describe.each(dbKinds)("video orders on %s", (kind) => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(kind, {
      clock: manualClock(NOW).clock,
      env: {
        ...studioEnv,
        SMTP_URL: sink.url,
        DEVELOPER_EMAILS: DEV,
        VIDEO_STUDIO_EMAIL: "orders@studio.test",
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const call = (method: "GET" | "POST", url: string, token: string | null, payload?: object) =>
    injectAs(t.app, token, method, url, payload);
  const upload = async (token: string) => {
    const body = multipartBody(await productPhoto());
    const res = await postUpload(t.app, token, body);
    return res.json().id as string;
  };
  const order = (uploadId: string, deadline = "2026-12-10") => ({
    brief: "A 20 second spot of our green bottle on a kitchen counter, morning light.",
    uploadIds: [uploadId],
    style: "lifestyle",
    formats: ["9:16", "1:1"],
    deadline,
  });

  it("prices $300, or $8 after the meeting invite, and stores the order unpaid with two mails", async () => {
    expect((await call("GET", "/api/video-orders/price", null)).statusCode).toBe(401);
    const seller = await signup(t.app);
    expect((await call("GET", "/api/video-orders/price", seller.token)).json()).toEqual({
      priceCents: 30000,
      listPriceCents: 30000,
      currency: "usd",
      discount: null,
    });
    await updateAccount(t.database.db, seller.userId, { meetingInviteReceived: true });
    expect((await call("GET", "/api/video-orders/price", seller.token)).json().priceCents).toBe(
      800,
    );

    const photo = await upload(seller.token);
    const soon = await call("POST", "/api/video-orders", seller.token, order(photo, "2026-11-27"));
    expect(soon.statusCode).toBe(400);
    expect(soon.json().error).toBe("The deadline must be at least 5 days from today.");
    const other = await signup(t.app);
    expect((await call("POST", "/api/video-orders", other.token, order(photo))).statusCode).toBe(
      404,
    );
    const bad = await call("POST", "/api/video-orders", seller.token, {
      ...order(photo),
      formats: ["4:3"],
    });
    expect(bad.statusCode).toBe(400);

    const before = sink.received.length;
    const res = await call("POST", "/api/video-orders", seller.token, order(photo));
    expect(res.statusCode).toBe(201);
    const o = res.json();
    expect(o).toMatchObject({
      status: "received",
      paymentStatus: "unpaid",
      priceCents: 800,
      discount: "meeting-invite",
      checkoutType: "video-order",
      downloadUrl: null,
      formats: ["9:16", "1:1"],
    });
    const mails = sink.received.slice(before);
    const studio = mails.find((m) => m.to.includes("orders@studio.test"));
    const confirm = mails.find((m) => m.to.includes(seller.userEmail));
    expect(decodeRaw(studio!.raw)).toContain(o.id);
    expect(decodeRaw(studio!.raw)).toContain("kitchen counter");
    expect(decodeRaw(confirm!.raw)).toContain("We received your product video order");
    const list = (await call("GET", "/api/video-orders", seller.token)).json();
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([o.id]);
    expect((await call("GET", `/api/video-orders/${o.id}`, other.token)).statusCode).toBe(404);

    // billing's hook: paid once, a replay changes nothing
    expect(await markVideoOrderPaid(t.database.db, o.id, "cs_test_1")).toBe(true);
    expect(await markVideoOrderPaid(t.database.db, o.id, "cs_test_1")).toBe(false);
    expect(
      (await call("GET", `/api/video-orders/${o.id}`, seller.token)).json().paymentStatus,
    ).toBe("paid");
  });

  it("lets only developer accounts move an order on and deliver the file the seller downloads", async () => {
    const seller = await signup(t.app);
    const o = (
      await call("POST", "/api/video-orders", seller.token, order(await upload(seller.token)))
    ).json();
    expect(o.priceCents).toBe(30000);
    expect((await call("GET", "/api/admin/video-orders", seller.token)).statusCode).toBe(403);
    const dev = await signup(t.app, { userEmail: DEV });
    const all = (await call("GET", "/api/admin/video-orders", dev.token)).json();
    expect(all.items.find((i: { id: string }) => i.id === o.id).customerEmail).toBe(
      seller.userEmail,
    );
    const moved = await call("POST", `/api/admin/video-orders/${o.id}/status`, dev.token, {
      status: "in-production",
    });
    expect(moved.json().status).toBe("in-production");

    const file = Buffer.from("not really an mp4, but the bytes must come back as they went");
    const body = multipartBody(file, { filename: "final cut.mp4", contentType: "video/mp4" });
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/admin/video-orders/${o.id}/delivery`,
      headers: { ...body.headers, ...bearer(seller.token) },
      payload: body.payload,
    });
    expect(refused.statusCode).toBe(403);
    const before = sink.received.length;
    const delivered = await t.app.inject({
      method: "POST",
      url: `/api/admin/video-orders/${o.id}/delivery`,
      headers: { ...body.headers, ...bearer(dev.token) },
      payload: body.payload,
    });
    expect(delivered.statusCode).toBe(200);
    const mine = (await call("GET", `/api/video-orders/${o.id}`, seller.token)).json();
    expect(mine.status).toBe("delivered");
    const download = await call("GET", mine.downloadUrl, null);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toBe('attachment; filename="final_cut.mp4"');
    expect(download.rawPayload.equals(file)).toBe(true);
    const notice = sink.received.slice(before).find((m) => m.to.includes(seller.userEmail));
    expect(decodeRaw(notice!.raw)).toContain("Your product video is ready");
  });
});
