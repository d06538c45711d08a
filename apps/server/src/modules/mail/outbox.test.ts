// Mail without SMTP: kept in the outbox, printed to the server log with its links, and
// readable by admins in the console even in production; with SMTP_URL, nothing of that.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectAs, signup, uniqueName } from "../../testing/api-helpers.ts";
import { startSmtpSink } from "../../testing/smtp-sink.ts";
import { createTestApp, dbKinds, type TestApp } from "../../testing/test-harness.ts";

interface Line {
  level: number;
  msg: string;
  mail?: { to: string; subject: string; links: string[] };
}

const sendVerification = (t: TestApp, u: { token: string; userEmail: string }) =>
  injectAs(t.app, u.token, "POST", "/api/send-email-verification", {
    email: u.userEmail,
    token: u.token,
  });

describe.each(dbKinds)("the outbox in production with no SMTP_URL on %s", (kind) => {
  let t: TestApp;
  const lines: Line[] = [];
  const adminEmail = `${uniqueName("admin")}@example.test`;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { NODE_ENV: "production", LOG_LEVEL: "warn", ADMIN_EMAILS: adminEmail },
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("prints the verification mail's link to the log, and the link verifies", async () => {
    const u = await signup(t.app);
    expect((await sendVerification(t, u)).statusCode).toBe(200);
    const line = lines.find((l) => l.mail?.to === u.userEmail);
    expect(line?.level).toBe(40);
    expect(line?.msg).toContain("MAIL NOT SENT (no SMTP_URL)");
    const link = line?.mail?.links.find((l) => l.includes("/api/verify-email?token="));
    expect(link).toBeDefined();
    expect(line?.msg).toContain(link);
    const page = await t.app.inject({
      method: "GET",
      url: new URL(link ?? "").pathname + new URL(link ?? "").search,
    });
    expect(page.statusCode).toBe(200);
    const after = await injectAs(
      t.app,
      u.token,
      "GET",
      `/api/get-email-verified?userId=${u.userId}`,
    );
    expect(after.json()).toMatchObject({ success: true });
  });

  it("lets admins, and only admins, read the outbox; /dev/mailbox stays off", async () => {
    const admin = await signup(t.app, { userEmail: adminEmail });
    const u = await signup(t.app);
    await sendVerification(t, u);
    const res = await injectAs(t.app, admin.token, "GET", "/api/admin/outbox");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.smtp).toBe(false);
    expect(body.messages[0]).toMatchObject({
      to: u.userEmail,
      subject: "Verify your email for Photoshoot Studio",
    });
    expect(body.messages[0].text).toContain("/api/verify-email?token=");
    const other = await injectAs(t.app, u.token, "GET", "/api/admin/outbox");
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/outbox" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/dev/mailbox.json" })).statusCode).toBe(404);
  });
});

describe("mail with SMTP_URL", () => {
  it("goes to the SMTP server, not to the log nor the outbox", async () => {
    const sink = await startSmtpSink();
    const lines: Line[] = [];
    const t = await createTestApp("pglite", {
      env: { SMTP_URL: sink.url, LOG_LEVEL: "warn" },
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    });
    try {
      const u = await signup(t.app);
      expect((await sendVerification(t, u)).statusCode).toBe(200);
      expect(sink.received).toHaveLength(1);
      expect(lines.filter((l) => l.mail)).toEqual([]);
      const box = await t.app.inject({ method: "GET", url: "/dev/mailbox.json" });
      expect(box.json()).toEqual([]);
    } finally {
      await t.close();
      await sink.close();
    }
  });
});
