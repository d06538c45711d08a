import { Messages } from "@studio/contracts";
import { describe, expect, it } from "vitest";
import { injectAs, signup } from "../../testing/api-helpers.ts";
import { decodeRaw, startSmtpSink } from "../../testing/smtp-sink.ts";
import { testAppPerSuite } from "../../testing/test-app-per-suite.ts";
import { createTestApp, dbKinds, manualClock } from "../../testing/test-harness.ts";
import { VerificationErrors } from "./email-verification.service.ts";

const linkIn = (text: string) => {
  const m = /http:\/\/studio\.test(\/api\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(text);
  if (!m?.[1]) throw new Error(`no verification link in: ${text}`);
  return m[1];
};

describe.each(dbKinds)("email verification through the outbox on %s", (kind) => {
  const time = manualClock();
  const t = testAppPerSuite(kind, { clock: time.clock });

  async function sendAndFetchLink(token: string, email: string) {
    const res = await injectAs(t.app, token, "POST", "/api/send-email-verification", {
      email,
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: Messages.verificationSent });
    const box = await t.app.inject({ method: "GET", url: "/dev/mailbox.json" });
    const [latest] = box.json();
    expect(latest).toMatchObject({ to: email, subject: "Verify your email for Photoshoot Studio" });
    expect(Object.keys(latest).sort()).toEqual([
      "createdAt",
      "html",
      "id",
      "subject",
      "text",
      "to",
    ]);
    return linkIn(latest.text);
  }

  it("verifies once, grants 40 coins once, and get-email-verified reports it", async () => {
    const u = await signup(t.app);
    const before = await injectAs(
      t.app,
      u.token,
      "GET",
      `/api/get-email-verified?userId=${u.userId}`,
    );
    expect(before.json()).toEqual({ success: false, credits: 0 });

    const link = await sendAndFetchLink(u.token, u.userEmail);
    const second = await sendAndFetchLink(u.token, u.userEmail);
    const page = await t.app.inject({ method: "GET", url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain(Messages.verificationSuccess);

    const replay = await t.app.inject({
      method: "GET",
      url: link,
      headers: { accept: "application/json" },
    });
    expect(replay.statusCode).toBe(410);
    expect(replay.json()).toEqual({ error: VerificationErrors.linkUsed });
    // A second link still works once, but the reward is never paid twice.
    const other = await t.app.inject({
      method: "GET",
      url: second,
      headers: { accept: "application/json" },
    });
    expect(other.json()).toMatchObject({ success: true, credits: 40 });

    const after = await injectAs(
      t.app,
      u.token,
      "GET",
      `/api/get-email-verified?userId=${u.userId}`,
    );
    expect(after.json()).toEqual({ success: true, credits: 40 });
    const again = await injectAs(t.app, u.token, "POST", "/api/send-email-verification", {
      email: u.userEmail,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: VerificationErrors.alreadyVerified });
  });

  it("accepts the session token in the body, as the spec's payload sends it", async () => {
    const u = await signup(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/send-email-verification",
      payload: { email: u.userEmail, token: u.token },
    });
    expect(res.statusCode).toBe(200);
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/send-email-verification",
      payload: { email: u.userEmail, token: `${u.token}x` },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: "Invalid token" });
    const none = await t.app.inject({
      method: "POST",
      url: "/api/send-email-verification",
      payload: { email: u.userEmail },
    });
    expect(none.statusCode).toBe(401);
  });

  it("refuses an expired link and an unknown one", async () => {
    const u = await signup(t.app);
    const link = await sendAndFetchLink(u.token, u.userEmail);
    time.advance(24 * 3600 * 1000 + 1);
    const expired = await t.app.inject({ method: "GET", url: link });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain(VerificationErrors.linkExpired);
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/verify-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      headers: { accept: "application/json" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: VerificationErrors.linkUnknown });
    expect(await t.app.services.coins.balance(u.userId)).toBe(0);
  });

  it("refuses another email, another user's id, and no token", async () => {
    const u = await signup(t.app);
    const v = await signup(t.app);
    const mismatch = await injectAs(t.app, u.token, "POST", "/api/send-email-verification", {
      email: "someone@else.com",
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ error: VerificationErrors.emailMismatch });
    const foreign = await injectAs(
      t.app,
      u.token,
      "GET",
      `/api/get-email-verified?userId=${v.userId}`,
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: "You can only act for your own account" });
    const anonymous = await t.app.inject({
      method: "GET",
      url: `/api/get-email-verified?userId=${u.userId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows the outbox as an HTML page with clickable links", async () => {
    const u = await signup(t.app);
    const link = await sendAndFetchLink(u.token, u.userEmail);
    const page = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain(`<a href="http://studio.test${link}">`);
  });

  it("subscribes an email to the newsletter once, refusing invalid ones", async () => {
    const subscribe = (email: string) =>
      injectAs(t.app, null, "POST", "/api/email-subscription", { email });
    const ok = await subscribe("News@Example.com");
    expect(ok.json()).toEqual({ success: true, message: "Thanks for subscribing!" });
    expect((await subscribe("news@example.com")).statusCode).toBe(200);
    const bad = await subscribe("nope@");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Please enter a valid email address." });
  });
});

describe("email verification through a real SMTP server on loopback", () => {
  it("delivers the link by SMTP; following it verifies and grants 40 coins", async () => {
    const sink = await startSmtpSink();
    const t = await createTestApp("pglite", { env: { SMTP_URL: sink.url } });
    try {
      const u = await signup(t.app);
      const res = await injectAs(t.app, u.token, "POST", "/api/send-email-verification", {
        email: u.userEmail,
        token: u.token,
      });
      expect(res.statusCode).toBe(200);
      expect(sink.received).toHaveLength(1);
      const mail = sink.received[0]!;
      expect(mail.to).toEqual([u.userEmail]);
      const link = linkIn(decodeRaw(mail.raw));
      const page = await t.app.inject({ method: "GET", url: link });
      expect(page.statusCode).toBe(200);
      expect(await t.app.services.coins.balance(u.userId)).toBe(40);
      const box = await t.app.inject({ method: "GET", url: "/dev/mailbox.json" });
      expect(box.json()).toEqual([]);
    } finally {
      await t.close();
      await sink.close();
    }
  });

  it("answers 502 with the reason when the SMTP server refuses", async () => {
    const sink = await startSmtpSink({ rejectWith: "mailbox unavailable" });
    const t = await createTestApp("pglite", { env: { SMTP_URL: sink.url } });
    try {
      const u = await signup(t.app);
      const res = await injectAs(t.app, u.token, "POST", "/api/send-email-verification", {
        email: u.userEmail,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatch(
        /^the mail server did not accept the message \(.*mailbox unavailable/,
      );
    } finally {
      await t.close();
      await sink.close();
    }
  });
});
