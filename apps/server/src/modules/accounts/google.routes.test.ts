// Google sign-in with tokens signed by the test's own RSA keys (the injectable key source).
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectAs, signup, uniqueName } from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, manualClock, type TestApp } from "../../testing/test-harness.ts";
import { GoogleErrors } from "./google-verifier.ts";

const AUD = "test-client-id.apps.googleusercontent.com";

describe.each(dbKinds)("google sign-in on %s", (kind) => {
  let t: TestApp;
  let privateKey: SigningKey;
  let otherKey: SigningKey;
  const time = manualClock();

  async function credential(
    claims: Record<string, unknown> = {},
    opts: { key?: SigningKey; kid?: string; iss?: string; aud?: string; exp?: number } = {},
  ) {
    const now = Math.floor(time.clock() / 1000);
    return new SignJWT({ email_verified: true, name: "Jane Doe", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: opts.kid ?? "k1" })
      .setIssuer(opts.iss ?? "https://accounts.google.com")
      .setAudience(opts.aud ?? AUD)
      .setSubject((claims.sub as string) ?? uniqueName("sub"))
      .setIssuedAt(now)
      .setExpirationTime(opts.exp ?? now + 3600)
      .sign(opts.key ?? privateKey);
  }

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256");
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair("RS256")).privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
    t = await createTestApp(kind, {
      clock: time.clock,
      googleKeys: createLocalJWKSet({ keys: [jwk] }),
    });
  });
  afterAll(async () => {
    await t.close();
  });
  const post = (url: string, payload: object) => t.app.inject({ method: "POST", url, payload });

  it("google-signup creates a verified account (201) with the 40-coin reward, then logs in (200)", async () => {
    const email = `${uniqueName("g")}@gmail.com`;
    const cred = await credential({ sub: "google-sub-1", email });
    const created = await post("/api/google-signup", {
      credential: cred,
      timeZone: "Europe/Paris",
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ userEmail: email, username: "JaneDoe", imageCounter: 0 });
    const me = await injectAs(t.app, body.token, "GET", "/api/check-token");
    expect(me.json().user).toMatchObject({
      emailVerified: true,
      credits: 40,
      timeZone: "Europe/Paris",
    });

    const again = await post("/api/google-signup", {
      credential: await credential({ sub: "google-sub-1", email }),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().userId).toBe(body.userId);
    const login = await post("/api/google-login", {
      credential: await credential({ sub: "google-sub-1", email }),
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().userId).toBe(body.userId);
    expect(await t.app.services.coins.balance(body.userId)).toBe(40);
  });

  it("gives a taken username a numeric suffix", async () => {
    const a = await post("/api/google-signup", {
      credential: await credential({ email: `${uniqueName()}@gmail.com`, name: "Same Name" }),
    });
    const b = await post("/api/google-signup", {
      credential: await credential({ email: `${uniqueName()}@gmail.com`, name: "Same Name" }),
    });
    expect(a.json().username).toBe("SameName");
    expect(b.json().username).toMatch(/^SameName\d{4}$/);
  });

  it("google-login links a password account with the same email", async () => {
    const u = await signup(t.app);
    const res = await post("/api/google-login", {
      credential: await credential({ email: u.userEmail }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().userId).toBe(u.userId);
    expect((await t.app.services.accounts.get(u.userId)).emailVerified).toBe(true);
  });

  it("google-login for an unknown Google account answers 404", async () => {
    const res = await post("/api/google-login", {
      credential: await credential({ email: `${uniqueName()}@gmail.com` }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: "No account found for this Google account. Please sign up first.",
    });
  });

  it.each([
    ["a foreign signature", { foreign: true }, GoogleErrors.invalid],
    ["an unknown key id", { kid: "nope" }, GoogleErrors.invalid],
    ["another audience", { aud: "someone-else" }, GoogleErrors.invalid],
    ["another issuer", { iss: "https://evil.example.com" }, GoogleErrors.invalid],
    ["an expired token", { exp: 1 }, GoogleErrors.expired],
  ] as [
    string,
    { foreign?: boolean; kid?: string; aud?: string; iss?: string; exp?: number },
    string,
  ][])("refuses %s with 401", async (_what, { foreign, ...o }, error) => {
    const opts = { ...o, key: foreign ? otherKey : undefined };
    const res = await post("/api/google-login", {
      credential: await credential({ email: `${uniqueName()}@gmail.com` }, opts),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(error);
  });

  it("accepts the issuer without scheme", async () => {
    const res = await post("/api/google-signup", {
      credential: await credential(
        { email: `${uniqueName()}@gmail.com` },
        { iss: "accounts.google.com" },
      ),
    });
    expect(res.statusCode).toBe(201);
  });

  it("refuses an unverified Google email and garbage", async () => {
    const res = await post("/api/google-signup", {
      credential: await credential({ email: `${uniqueName()}@gmail.com`, email_verified: false }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(GoogleErrors.unverifiedEmail);
    const junk = await post("/api/google-signup", { credential: "not-a-jwt-at-all" });
    expect(junk.statusCode).toBe(401);
    expect(junk.json().error).toBe(GoogleErrors.invalid);
  });
});

describe("google sign-in without GOOGLE_CLIENT_ID", () => {
  it("answers 503 with a clear message", async () => {
    const t = await createTestApp("pglite", { env: { GOOGLE_CLIENT_ID: "" } });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/google-login",
      payload: { credential: "x".repeat(20) },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: GoogleErrors.notConfigured });
    await t.close();
  });
});
