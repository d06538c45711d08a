import { NotificationKinds } from "@studio/contracts";
import { describe, expect, it } from "vitest";
import { bearer, injectAs, signup } from "../../testing/api-helpers.ts";
import { testAppPerSuite } from "../../testing/test-app-per-suite.ts";
import { dbKinds } from "../../testing/test-harness.ts";
import { NotificationFlags } from "./notifications.routes.ts";

describe.each(dbKinds)("notification-received on %s", (kind) => {
  const t = testAppPerSuite(kind);

  it.each(NotificationKinds)("marks %s received", async (messageText) => {
    const u = await signup(t.app);
    const res = await injectAs(t.app, u.token, "POST", "/api/notification-received", {
      userId: u.userId,
      messageText,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const row = await t.app.services.accounts.get(u.userId);
    expect(row[NotificationFlags[messageText]]).toBe(true);
    const others = NotificationKinds.filter((k) => k !== messageText);
    expect(others.every((k) => row[NotificationFlags[k]] === false)).toBe(true);
  });

  it("refuses an unknown kind, another user's id and anonymous calls", async () => {
    const u = await signup(t.app);
    const v = await signup(t.app);
    const call = (payload: object, headers = bearer(u.token)) =>
      t.app.inject({ method: "POST", url: "/api/notification-received", headers, payload });
    const unknown = await call({ userId: u.userId, messageText: "free-pony" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/^Invalid body: messageText/);
    expect((await call({ userId: v.userId, messageText: "meeting-invite" })).statusCode).toBe(403);
    expect(
      (await call({ userId: u.userId, messageText: "meeting-invite" }, {} as never)).statusCode,
    ).toBe(401);
  });
});
