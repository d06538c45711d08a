import { describe, expect, it } from "vitest";
import { signup, uniqueName } from "../../testing/api-helpers.ts";
import { testAppPerSuite } from "../../testing/test-app-per-suite.ts";
import { dbKinds, manualClock } from "../../testing/test-harness.ts";
import { TOO_MANY_ATTEMPTS } from "./guarded-login.ts";
import { delayAfterFailures } from "./login-guard.service.ts";

describe("delayAfterFailures", () => {
  it("lets 4 failures pass freely, then doubles from 1 s up to 5 min", () => {
    expect([0, 1, 4].map(delayAfterFailures)).toEqual([0, 0, 0]);
    expect([5, 6, 7, 10].map(delayAfterFailures)).toEqual([1000, 2000, 4000, 32_000]);
    expect(delayAfterFailures(30)).toBe(300_000);
  });
});

describe.each(dbKinds)("failed logins per account on %s", (kind) => {
  const time = manualClock();
  const t = testAppPerSuite(kind, { clock: time.clock });

  const login = (userEmail: string, password: string, ip: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/login",
      remoteAddress: ip,
      payload: { userEmail, password },
    });

  async function owner() {
    const userEmail = `${uniqueName("owner")}@example.test`;
    const u = await signup(t.app, { userEmail });
    return { userEmail, password: u.password };
  }

  it("delays one address more and more, while the owner logs in from another", async () => {
    const { userEmail, password } = await owner();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await login(userEmail, "wrong-password", "10.1.0.1")).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await login(userEmail, password, "10.1.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY_ATTEMPTS });
    expect(refused.headers["retry-after"]).toBe("1");
    // the owner, elsewhere, is not affected
    expect((await login(userEmail, password, "10.1.0.2")).statusCode).toBe(200);
    time.advance(1000);
    expect((await login(userEmail, "wrong-password", "10.1.0.1")).statusCode).toBe(401);
    // 6 failures now: the next try waits 2 s
    time.advance(1000);
    expect((await login(userEmail, password, "10.1.0.1")).statusCode).toBe(429);
    time.advance(1000);
    expect((await login(userEmail, password, "10.1.0.1")).statusCode).toBe(200);
  });

  it("caps an account at 100 failures an hour from all addresses; known addresses still get in", async () => {
    const { userEmail, password } = await owner();
    expect((await login(userEmail, password, "10.2.0.1")).statusCode).toBe(200); // known address
    for (let i = 0; i < 100; i++) {
      const res = await login(userEmail, "wrong-password", `10.3.${Math.floor(i / 4)}.${i % 4}`);
      expect(res.statusCode).toBe(401);
    }
    const stranger = await login(userEmail, password, "10.4.0.1");
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers["retry-after"])).toBeGreaterThan(3000);
    expect((await login(userEmail, "wrong-password", "10.4.0.2")).statusCode).toBe(429);
    expect((await login(userEmail, password, "10.2.0.1")).statusCode).toBe(200);
    const failures = await t.database.executeSql<{ n: string }>(
      "select count(*) as n from login_failures where email_key = $1",
      [userEmail.toLowerCase()],
    );
    expect(Number(failures.rows[0]?.n)).toBe(100);
    // an hour later the window has moved on
    time.advance(3600_000);
    expect((await login(userEmail, password, "10.4.0.1")).statusCode).toBe(200);
  });

  it("mails the owner once when failures pile up", async () => {
    const { userEmail } = await owner();
    for (let i = 0; i < 12; i++) await login(userEmail, "wrong-password", `10.5.0.${i}`);
    const box = await t.app.inject({ method: "GET", url: "/dev/mailbox.json" });
    const notices = (box.json() as { to: string; subject: string }[]).filter(
      (m) =>
        m.to === userEmail.toLowerCase() && m.subject === "Failed sign-in attempts on your account",
    );
    expect(notices).toHaveLength(1);
  });

  it("counts unknown addresses too, but sends no mail", async () => {
    const nobody = `${uniqueName("nobody")}@example.test`;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await login(nobody, "wrong-password", "10.6.0.1")).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("holds the cap under concurrent attempts", async () => {
    const { userEmail } = await owner();
    const all = await Promise.all(
      Array.from({ length: 120 }, (_, i) => login(userEmail, "wrong-password", `10.7.${i}.1`)),
    );
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(100);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
  });
});
