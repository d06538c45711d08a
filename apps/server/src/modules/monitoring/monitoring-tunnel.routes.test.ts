import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-harness.ts";
import { type SentryStandIn, startSentryStandIn } from "./sentry-stand-in.test-helper.ts";

let t: TestApp | null = null;
let sentry: SentryStandIn;

beforeEach(async () => {
  sentry = await startSentryStandIn();
});
afterEach(async () => {
  await t?.close();
  t = null;
  await sentry.close();
});

function envelope(dsn: string, payload = '{"message":"boom"}'): string {
  return `${JSON.stringify({ event_id: "9ec79c33ec9942ab8353589fcb2e04dc", dsn })}\n{"type":"event"}\n${payload}\n`;
}

async function appWithDsn(extra: Record<string, string> = {}) {
  const dsn = `${sentry.origin.replace("://", "://publickey@")}/42`;
  t = await createTestApp("pglite", {
    env: { SENTRY_WEB_DSN: dsn, MONITORING_TUNNEL_MAX_BYTES: "4096", ...extra },
  });
  return dsn;
}

describe("POST /monitoring (the Sentry tunnel)", () => {
  it("forwards an envelope for the configured host and project, byte for byte", async () => {
    const dsn = await appWithDsn();
    const body = envelope(dsn);
    const res = await t!.app.inject({
      method: "POST",
      url: "/monitoring?p=42",
      headers: { "content-type": "text/plain;charset=UTF-8" },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(sentry.received).toHaveLength(1);
    expect(sentry.received[0]?.path).toBe("/api/42/envelope/");
    expect(sentry.received[0]?.contentType).toBe("application/x-sentry-envelope");
    expect(sentry.received[0]?.body.toString()).toBe(body);
  });

  it("refuses an envelope whose dsn names a foreign host, and sends nothing", async () => {
    await appWithDsn();
    const res = await t!.app.inject({
      method: "POST",
      url: "/monitoring?p=42",
      payload: envelope("https://publickey@attacker.example/42"),
    });
    expect(res.statusCode).toBe(400);
    expect(sentry.received).toHaveLength(0);
  });

  it("refuses another project, in the query or in the envelope", async () => {
    const dsn = await appWithDsn();
    const other = dsn.replace(/\/42$/, "/43");
    const a = await t!.app.inject({
      method: "POST",
      url: "/monitoring?p=43",
      payload: envelope(other),
    });
    const b = await t!.app.inject({
      method: "POST",
      url: "/monitoring?p=42",
      payload: envelope(other),
    });
    const c = await t!.app.inject({
      method: "POST",
      url: "/monitoring?p=42&r=eu",
      payload: envelope(dsn),
    });
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([400, 400, 400]);
    expect(sentry.received).toHaveLength(0);
  });

  it("refuses malformed envelopes and queries", async () => {
    const dsn = await appWithDsn();
    const cases = [
      { url: "/monitoring?p=42", payload: "not json\n{}" },
      { url: "/monitoring?p=42", payload: '["array"]\n{}' },
      { url: "/monitoring?p=42", payload: '{"event_id":"x"}\n{}' },
      { url: "/monitoring?p=42", payload: '{"dsn":"not a url"}\n{}' },
      { url: "/monitoring?p=42", payload: "" },
      { url: "/monitoring", payload: envelope(dsn) },
      { url: "/monitoring?p=abc", payload: envelope(dsn) },
    ];
    for (const c of cases) {
      const res = await t!.app.inject({ method: "POST", ...c });
      expect(res.statusCode, `${c.url} ${c.payload.slice(0, 20)}`).toBe(400);
    }
    expect(sentry.received).toHaveLength(0);
  });

  it("refuses an oversize envelope with 413 and sends nothing", async () => {
    const dsn = await appWithDsn();
    const res = await t!.app.inject({
      method: "POST",
      url: "/monitoring?p=42",
      payload: envelope(dsn, "x".repeat(5000)),
    });
    expect(res.statusCode).toBe(413);
    expect(sentry.received).toHaveLength(0);
  });

  it("limits the rate per address", async () => {
    const dsn = await appWithDsn({ RATE_LIMIT_MONITORING: "3/60" });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t!.app.inject({
        method: "POST",
        url: "/monitoring?p=42",
        payload: envelope(dsn),
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    expect(sentry.received).toHaveLength(3);
  });

  it("answers 404 when no DSN is configured", async () => {
    t = await createTestApp("pglite");
    const res = await t.app.inject({ method: "POST", url: "/monitoring?p=42", payload: "{}\n" });
    expect(res.statusCode).toBe(404);
  });

  it("answers quickly with 504 when Sentry does not answer", async () => {
    const dsn = "http://publickey@127.0.0.1:9/42"; // discard port: refused at once
    t = await createTestApp("pglite", { env: { SENTRY_WEB_DSN: dsn } });
    const res = await t.app.inject({
      method: "POST",
      url: "/monitoring?p=42",
      payload: envelope(dsn),
    });
    expect(res.statusCode).toBe(504);
  });

  it("tells the web app the DSN and the tunnel", async () => {
    t = await createTestApp("pglite", {
      env: { SENTRY_DSN: "https://abc@o123.ingest.us.sentry.io/456" },
    });
    const res = await t.app.inject({ method: "GET", url: "/api/public-config" });
    expect(res.json().sentry).toEqual({
      dsn: "https://abc@o123.ingest.us.sentry.io/456",
      tunnel: "/monitoring?o=123&p=456&r=us",
      environment: "test",
    });
  });
});
