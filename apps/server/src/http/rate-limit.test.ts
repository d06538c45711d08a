import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signup, signupBody } from "../testing/api-helpers.ts";
import { createTestApp, type TestApp } from "../testing/test-harness.ts";

describe("per-IP rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", {
      env: {
        RATE_LIMIT_LOGIN: "3/60",
        RATE_LIMIT_SIGNUP: "3/60",
        RATE_LIMIT_GIVEAWAY: "2/60",
        RATE_LIMIT_EMAIL: "2/60",
        RATE_LIMIT_ANALYTICS: "3/60",
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  const tooMany = { error: "Too many requests, please try again later." };
  const from = (ip: string) => ({ remoteAddress: ip });

  it("limits login per IP, other IPs unaffected", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { userEmail: "a@b.co", password: "x" },
        ...from("10.0.0.1"),
      });
      codes.push(r.statusCode);
      if (i === 3) expect(r.json()).toEqual(tooMany);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
    const other = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { userEmail: "a@b.co", password: "x" },
      ...from("10.0.0.2"),
    });
    expect(other.statusCode).toBe(401);
  });

  it("limits signup, giveaway, email sending and analytics", async () => {
    const ip = from("10.0.0.3");
    const signups = [];
    for (let i = 0; i < 4; i++) {
      signups.push(
        (await t.app.inject({ method: "POST", url: "/api/signup", payload: signupBody(), ...ip }))
          .statusCode,
      );
    }
    expect(signups).toEqual([201, 201, 201, 429]);

    const u = await signup(t.app); // another IP (inject's default)
    const give = [];
    for (let i = 0; i < 3; i++) {
      give.push(
        (
          await t.app.inject({
            method: "POST",
            url: "/api/giveaway",
            headers: bearer(u.token),
            payload: { userId: u.userId },
            ...ip,
          })
        ).statusCode,
      );
    }
    expect(give).toEqual([200, 409, 429]);

    const mails = [];
    for (let i = 0; i < 3; i++) {
      mails.push(
        (
          await t.app.inject({
            method: "POST",
            url: "/api/email-subscription",
            payload: { email: "n@example.com" },
            ...ip,
          })
        ).statusCode,
      );
    }
    expect(mails).toEqual([200, 200, 429]);

    const events = [];
    for (let i = 0; i < 4; i++) {
      events.push(
        (await t.app.inject({ method: "GET", url: "/api/analytics?key=k", ...ip })).statusCode,
      );
    }
    expect(events).toEqual([200, 200, 200, 429]);
  });

  it("does not limit credits", async () => {
    const u = await signup(t.app);
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({
        method: "POST",
        url: "/api/credits",
        headers: bearer(u.token),
        payload: {},
        ...from("10.0.0.9"),
      });
      expect(r.statusCode).toBe(200);
    }
  });
});
