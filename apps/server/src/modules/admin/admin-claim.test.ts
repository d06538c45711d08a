// The first administrator through the start-up claim link (decision 0910); ADMIN_EMAILS still
// works and then no link is printed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, injectAs, signup, uniqueName } from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, type TestApp } from "../../testing/test-harness.ts";
import { CLAIM_USED } from "./admin-claim.ts";

interface Line {
  msg: string;
  adminClaim?: string;
}

describe.each(dbKinds)("the admin claim link on %s", (kind) => {
  let t: TestApp;
  const lines: Line[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { LOG_LEVEL: "warn" },
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    });
  });
  afterAll(() => t.close());

  const claim = (token: string | undefined, payload: object) =>
    injectAs(t.app, token, "POST", "/api/admin-claim", payload);
  const users = (token: string) =>
    t.app.inject({ method: "GET", url: "/api/admin/users", headers: bearer(token) });

  it("prints a one-time link whose signed-in opener becomes the administrator", async () => {
    const line = lines.find((l) => l.adminClaim);
    expect(line?.msg).toContain("nobody can open /admin yet");
    const link = new URL(line?.adminClaim ?? "");
    expect(link.origin + link.pathname).toBe("http://studio.test/admin/claim");
    const token = link.hash.slice(1);
    expect(token.length).toBeGreaterThanOrEqual(32);

    const owner = await signup(t.app);
    const other = await signup(t.app);
    expect((await users(owner.token)).statusCode).toBe(403);
    expect((await claim(undefined, { token })).statusCode).toBe(401);
    // one character changed (a code that starts with "x" would otherwise stay itself, 1 in 64)
    const wrong = await claim(other.token, {
      token: `${token.startsWith("x") ? "y" : "x"}${token.slice(1)}`,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ error: CLAIM_USED });

    const ok = await claim(owner.token, { token });
    expect(ok.statusCode).toBe(200);
    expect((await users(owner.token)).statusCode).toBe(200);
    const again = await claim(other.token, { token });
    expect(again.statusCode).toBe(404);
    expect((await users(other.token)).statusCode).toBe(403);
  });
});

describe("with ADMIN_EMAILS", () => {
  it("prints no claim link, and the configured admin opens the console", async () => {
    const lines: Line[] = [];
    const email = `${uniqueName("admin")}@example.test`;
    const t = await createTestApp("pglite", {
      env: { LOG_LEVEL: "warn", ADMIN_EMAILS: email },
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    });
    try {
      expect(lines.filter((l) => l.adminClaim)).toEqual([]);
      const admin = await signup(t.app, { userEmail: email });
      const res = await injectAs(t.app, admin.token, "GET", "/api/admin/users");
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
