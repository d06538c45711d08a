import { describe, expect, it } from "vitest";
import { bearer, signup } from "../../testing/api-helpers.ts";
import { testAppPerSuite } from "../../testing/test-app-per-suite.ts";
import { dbKinds } from "../../testing/test-harness.ts";
import { countEvents, listEvents } from "./analytics.repository.ts";

describe.each(dbKinds)("analytics on %s", (kind) => {
  const t = testAppPerSuite(kind, { env: { ANALYTICS_MAX_EVENTS: "10" } });
  const get = (query: Record<string, string>, headers = {}) =>
    t.app.inject({ method: "GET", url: `/api/analytics?${new URLSearchParams(query)}`, headers });

  it("stores the key, the JSON value, the session id and the account when logged in", async () => {
    const u = await signup(t.app);
    const res = await get(
      {
        key: "Cancel subscription attempt",
        value: JSON.stringify({ plan: "PRODUCT_APP", n: 1 }),
        sessionId: "s-1",
      },
      bearer(u.token),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [e] = await listEvents(t.database.db, "Cancel subscription attempt");
    expect(e).toMatchObject({
      value: { plan: "PRODUCT_APP", n: 1 },
      sessionId: "s-1",
      accountId: u.userId,
    });
    expect((await get({ key: "blocked no login" })).statusCode).toBe(200);
  });

  it("refuses a value that is not JSON, a missing key and oversized input", async () => {
    const bad = await get({ key: "k", value: "{oops" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "value must be valid JSON" });
    expect((await get({ value: "{}" })).json()).toEqual({
      error: "Invalid querystring: key is required",
      message: expect.any(String),
    });
    expect((await get({ key: "k".repeat(101) })).statusCode).toBe(400);
    expect(
      (await get({ key: "k", value: JSON.stringify({ s: "x".repeat(5000) }) })).statusCode,
    ).toBe(400);
  });

  it("keeps the table bounded to ANALYTICS_MAX_EVENTS", async () => {
    for (let i = 0; i < 35; i++) await get({ key: "flood", value: String(i) });
    expect(await countEvents(t.database.db)).toBeLessThanOrEqual(20);
    const newest = await listEvents(t.database.db, "flood", 1);
    expect(newest[0]?.value).toBe(34);
  });
});
