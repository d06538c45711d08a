import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { injectAs, signup } from "../../testing/api-helpers.ts";
import { decodeRaw, startSmtpSink } from "../../testing/smtp-sink.ts";
import { testAppPerSuite } from "../../testing/test-app-per-suite.ts";
import { createTestApp, dbKinds } from "../../testing/test-harness.ts";
import { OutreachErrors } from "./outreach.service.ts";

/** POST /api/send-referral-email as `u`, inviting `inviteeEmail`, sent from their own address unless `from` */
const invite = (
  app: FastifyInstance,
  u: Awaited<ReturnType<typeof signup>>,
  inviteeEmail: string,
  from = u.userEmail,
) =>
  injectAs(app, u.token, "POST", "/api/send-referral-email", {
    userName: u.username,
    userEmail: from,
    inviteeEmail,
  });

describe.each(dbKinds)("feedback and referral emails on %s", (kind) => {
  const t = testAppPerSuite(kind, { env: { FEEDBACK_EMAIL: "team@studio.test" } });
  const mailbox = async () =>
    (await t.app.inject({ method: "GET", url: "/dev/mailbox.json" })).json() as {
      to: string;
      subject: string;
      text: string;
    }[];

  it("send-user-feedback mails the team with the user's text", async () => {
    const u = await signup(t.app);
    const res = await injectAs(t.app, u.token, "POST", "/api/send-user-feedback", {
      userName: u.username,
      feedback: "Role: seller\nUsage: weekly",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [m] = await mailbox();
    expect(m).toMatchObject({
      to: "team@studio.test",
      subject: `User feedback from ${u.username}`,
    });
    expect(m?.text).toContain("Role: seller\nUsage: weekly");
    expect(m?.text).toContain(u.userEmail);
  });

  it("send-user-feedback refuses an empty text and anonymous calls", async () => {
    const u = await signup(t.app);
    const empty = await injectAs(t.app, u.token, "POST", "/api/send-user-feedback", {
      userName: u.username,
      feedback: "",
    });
    expect(empty.statusCode).toBe(400);
    const anon = await t.app.inject({
      method: "POST",
      url: "/api/send-user-feedback",
      payload: { userName: "x", feedback: "y" },
    });
    expect(anon.statusCode).toBe(401);
  });

  it("send-referral-email invites each address once", async () => {
    const u = await signup(t.app);
    const res = await invite(t.app, u, "a@friends.test, B@friends.test ,a@friends.test");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, sent: 2 });
    const box = await mailbox();
    expect(
      box
        .slice(0, 2)
        .map((m) => m.to)
        .sort(),
    ).toEqual(["a@friends.test", "b@friends.test"]);
    expect(box[0]?.text).toContain(`ref=${encodeURIComponent(u.userEmail)}`);
  });

  it.each([
    ["nobody", " , ", 400, OutreachErrors.noInvitee],
    [
      "a bad address",
      "ok@friends.test, not-an-email",
      400,
      OutreachErrors.invalidInvitee("not-an-email"),
    ],
    [
      "too many",
      Array.from({ length: 11 }, (_, i) => `f${i}@friends.test`).join(","),
      400,
      OutreachErrors.tooManyInvitees,
    ],
  ])("send-referral-email refuses %s", async (_what, inviteeEmail, status, error) => {
    const u = await signup(t.app);
    const res = await invite(t.app, u, inviteeEmail);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error });
  });

  it("send-referral-email refuses inviting yourself and sending as someone else", async () => {
    const u = await signup(t.app);
    const self = await invite(t.app, u, u.userEmail);
    expect(self.json()).toEqual({ error: OutreachErrors.selfInvite });
    const spoof = await invite(t.app, u, "x@friends.test", "ceo@bigcorp.test");
    expect(spoof.statusCode).toBe(403);
    expect(spoof.json()).toEqual({ error: OutreachErrors.notYourEmail });
  });
});

describe("referral email over real SMTP", () => {
  it("delivers one message per invitee", async () => {
    const sink = await startSmtpSink();
    const t = await createTestApp("pglite", { env: { SMTP_URL: sink.url } });
    try {
      const u = await signup(t.app);
      const res = await invite(t.app, u, "a@friends.test,b@friends.test");
      expect(res.json()).toEqual({ success: true, sent: 2 });
      expect(sink.received.map((m) => m.to[0]).sort()).toEqual([
        "a@friends.test",
        "b@friends.test",
      ]);
      expect(decodeRaw(sink.received[0]!.raw)).toContain(
        `${u.username} invited you to Photoshoot Studio`,
      );
    } finally {
      await t.close();
      await sink.close();
    }
  });
});
