import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, injectAs, signup, uniqueName } from "../../testing/api-helpers.ts";
import { createTestApp, manualClock, type TestApp } from "../../testing/test-harness.ts";

describe("maintenance notice set at run time", () => {
  let t: TestApp;
  let token: string;
  const time = manualClock();
  const adminEmail = `${uniqueName("admin")}@example.test`;
  beforeAll(async () => {
    t = await createTestApp("pglite", { clock: time.clock, env: { ADMIN_EMAILS: adminEmail } });
    token = (await signup(t.app, { userEmail: adminEmail })).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it("an admin schedules it, every visitor sees the notice, the admin clears it; both logged", async () => {
    const at = new Date(time.clock() + 3600_000).toISOString();
    const set = await injectAs(t.app, token, "PUT", "/api/admin/maintenance", { at, minutes: 30 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ at, minutes: 30, setBy: adminEmail });
    const notice = (await t.app.inject({ method: "GET", url: "/api/maintenance" })).json();
    expect(notice.at).toBe(at);
    expect(notice.notice).toContain(at);
    expect(notice.active).toBe(false);
    time.advance(3600_000 + 1000);
    expect((await t.app.inject({ method: "GET", url: "/api/maintenance" })).json().active).toBe(
      true,
    );

    const cleared = await injectAs(t.app, token, "PUT", "/api/admin/maintenance", {
      at: null,
      minutes: 30,
    });
    expect(cleared.json().at).toBeNull();
    expect(
      (await t.app.inject({ method: "GET", url: "/api/maintenance" })).json().notice,
    ).toBeNull();
    const log = (
      await t.app.inject({ method: "GET", url: "/api/admin/actions", headers: bearer(token) })
    ).json();
    expect(log.actions.slice(0, 2).map((a: { action: string }) => a.action)).toEqual([
      "maintenance.clear",
      "maintenance.schedule",
    ]);
  });

  it("refuses non-admins and bad times", async () => {
    const user = await signup(t.app);
    const res = await injectAs(t.app, user.token, "PUT", "/api/admin/maintenance", {
      at: null,
      minutes: 30,
    });
    expect(res.statusCode).toBe(403);
    const bad = await injectAs(t.app, token, "PUT", "/api/admin/maintenance", {
      at: "tomorrow",
      minutes: 30,
    });
    expect(bad.statusCode).toBe(400);
  });
});
