import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, injectAs, signup, uniqueName } from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, type TestApp } from "../../testing/test-harness.ts";
import { ACCOUNT_BLOCKED } from "./account-blocks.ts";
import { NOT_ADMIN } from "./admin.routes.ts";

describe.each(dbKinds)("admin console API on %s", (kind) => {
  let t: TestApp;
  let adminToken: string;
  const adminEmail = `${uniqueName("admin")}@example.test`;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ADMIN_EMAILS: adminEmail } });
    adminToken = (await signup(t.app, { userEmail: adminEmail })).token;
  });
  afterAll(async () => {
    await t.close();
  });
  const as = (token: string) => bearer(token);

  it("refuses non-admins and anonymous callers", async () => {
    const user = await signup(t.app);
    const res = await injectAs(t.app, user.token, "GET", "/api/admin/users");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: NOT_ADMIN });
    expect((await t.app.inject({ method: "GET", url: "/api/admin/users" })).statusCode).toBe(401);
  });

  it("finds users and adjusts coins through the ledger, logged with who and why", async () => {
    const email = `${uniqueName("find")}@example.test`;
    await signup(t.app, { userEmail: email });
    const found = await injectAs(
      t.app,
      adminToken,
      "GET",
      `/api/admin/users?q=${encodeURIComponent(email.slice(0, 12))}`,
    );
    const user = (found.json().users as { id: string; email: string; balance: number }[]).find(
      (u) => u.email === email,
    );
    expect(user).toBeDefined();
    const id = user?.id as string;
    const before = user?.balance as number;
    const add = await injectAs(t.app, adminToken, "POST", `/api/admin/users/${id}/coins`, {
      delta: 25,
      reason: "refund for a blurry set",
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().balance).toBe(before + 25);
    const tooMuch = await injectAs(t.app, adminToken, "POST", `/api/admin/users/${id}/coins`, {
      delta: -(before + 26),
      reason: "take back",
    });
    expect(tooMuch.statusCode).toBe(402);
    const zero = await injectAs(t.app, adminToken, "POST", `/api/admin/users/${id}/coins`, {
      delta: 0,
      reason: "nothing",
    });
    expect(zero.statusCode).toBe(400);
    const detail = await injectAs(t.app, adminToken, "GET", `/api/admin/users/${id}`);
    const ledger = detail.json().ledger as { delta: number; reason: string }[];
    expect(ledger.some((e) => e.delta === 25 && e.reason.includes("refund for a blurry set"))).toBe(
      true,
    );
    expect(Array.isArray(detail.json().payments)).toBe(true);
    // a new account has no plan yet; the console reads the columns' names
    expect(detail.json().plan).toEqual({ payment_type: "", expiration: 0 });
    const log = await injectAs(t.app, adminToken, "GET", "/api/admin/actions");
    expect(log.json().actions[0]).toMatchObject({
      admin: adminEmail,
      action: "coins.adjust",
      target: id,
      detail: { delta: 25, reason: "refund for a blurry set" },
    });
  });

  it("a blocked user cannot log in or use a token; unblocked, they can", async () => {
    const email = `${uniqueName("blocked")}@example.test`;
    const u = await signup(t.app, { userEmail: email });
    const id = u.userId as string;
    const block = await injectAs(t.app, adminToken, "POST", `/api/admin/users/${id}/block`, {
      reason: "chargeback fraud",
    });
    expect(block.statusCode).toBe(200);
    const blockedFlag = async () => {
      const found = await injectAs(
        t.app,
        adminToken,
        "GET",
        `/api/admin/users?q=${encodeURIComponent(email)}`,
      );
      return (found.json().users as { id: string; blocked: boolean }[]).find((x) => x.id === id)
        ?.blocked;
    };
    expect(await blockedFlag()).toBe(true);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { userEmail: email, password: u.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ error: ACCOUNT_BLOCKED });
    for (const url of ["/api/check-token", "/api/generations"]) {
      const res = await t.app.inject({ method: "GET", url, headers: as(u.token) });
      expect(res.statusCode, url).toBe(403);
    }
    await injectAs(t.app, adminToken, "DELETE", `/api/admin/users/${id}/block`);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { userEmail: email, password: u.password },
    });
    expect(again.statusCode).toBe(200);
    expect(await blockedFlag()).toBe(false);
    const log = await injectAs(t.app, adminToken, "GET", "/api/admin/actions");
    expect(
      log
        .json()
        .actions.slice(0, 2)
        .map((a: { action: string }) => a.action),
    ).toEqual(["account.unblock", "account.block"]);
  });

  it("answers the funnel and daily series", async () => {
    const res = await injectAs(t.app, adminToken, "GET", "/api/admin/stats?days=7");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.funnel.map((s: { step: string }) => s.step)).toEqual([
      "visit",
      "signup",
      "verified",
      "firstGeneration",
      "paid",
    ]);
    expect(body.funnel[1].count).toBeGreaterThanOrEqual(4);
    expect(body.points).toHaveLength(7);
    expect(body.points[6].signups).toBeGreaterThanOrEqual(4);
  });
});
