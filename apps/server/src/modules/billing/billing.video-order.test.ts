// The made-to-order video paid by card through the Stripe stand-in: the order's own price
// ($8 after the meeting invite), marked paid once by the webhook, never twice.
import { describe, expect, it } from "vitest";
import { bearer, injectAs, postUpload, signup } from "../../testing/api-helpers.ts";
import { testAppPerSuite } from "../../testing/test-app-per-suite.ts";
import { dbKinds } from "../../testing/test-harness.ts";
import { updateAccount } from "../accounts/accounts.repository.ts";
import { multipartBody, productPhoto, studioEnv } from "../uploads/test-images.test-helper.ts";
import type { StripeStandIn } from "./stand-ins/stripe-stand-in.store.ts";

describe.each(dbKinds)("paying a video order on %s", (kind) => {
  const t = testAppPerSuite(kind, { env: studioEnv });

  it("charges the order's price and marks it paid once", async () => {
    const seller = await signup(t.app);
    await updateAccount(t.database.db, seller.userId, { meetingInviteReceived: true });
    const body = multipartBody(await productPhoto());
    const up = await postUpload(t.app, seller.token, body);
    const deadline = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/video-orders",
      headers: bearer(seller.token),
      payload: {
        brief: "A short spot of our bottle on a kitchen counter in morning light.",
        uploadIds: [up.json().id],
        style: "lifestyle",
        formats: ["1:1"],
        deadline,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().id as string;

    const other = await signup(t.app);
    const stolen = await injectAs(t.app, other.token, "POST", "/api/checkout/stripe", {
      type: "VIDEO_ORDER",
      orderId,
    });
    expect(stolen.statusCode).toBe(404);

    const res = await injectAs(t.app, seller.token, "POST", "/api/checkout/stripe", {
      type: "VIDEO_ORDER",
      orderId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const standIn = t.app.billingStandIns.stripe as StripeStandIn;
    const sessionId = new URL(res.json().url).pathname.split("/").pop() ?? "";
    expect(standIn.get(sessionId).amount_total).toBe(800);
    await t.app.inject({
      method: "POST",
      url: new URL(res.json().url).pathname,
      payload: "card=4242424242424242",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await standIn.idle();
    const after = await injectAs(t.app, seller.token, "GET", `/api/video-orders/${orderId}`);
    expect(after.json().paymentStatus).toBe("paid");
    const again = await injectAs(t.app, seller.token, "POST", "/api/checkout/stripe", {
      type: "VIDEO_ORDER",
      orderId,
    });
    expect(again.statusCode).toBe(400);
  });
});
