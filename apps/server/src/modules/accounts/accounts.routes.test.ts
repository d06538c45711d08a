import { AnalyticsEvents, type CheckTokenResponse } from "@studio/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, injectAs, signup, signupBody, uniqueName } from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, manualClock, type TestApp } from "../../testing/test-harness.ts";
import { listEvents } from "../analytics/analytics.repository.ts";
import { SignupErrors } from "./signup-rules.ts";

describe.each(dbKinds)("accounts routes on %s", (kind) => {
  let t: TestApp;
  const time = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock: time.clock,
      env: { DEVELOPER_EMAILS: "dev@example.com", TEST_USER_EMAILS: "qa@example.com" },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  const post = (url: string, payload: object, headers = {}) =>
    t.app.inject({ method: "POST", url, payload, headers });

  it("signs up with the nine fields: 201 and the login response", async () => {
    const body = signupBody({ userEmail: "New.Person@Example.com", username: "New_Person.1" });
    const res = await post("/api/signup", body);
    expect(res.statusCode).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({
      username: "New_Person.1",
      userEmail: "new.person@example.com",
      imageCounter: 0,
      paymentType: "",
      valid: false,
      clothAppValid: false,
    });
    expect(r.userId).toMatch(/[0-9a-f-]{36}/);
    expect(r.token.split(".")).toHaveLength(3);
    expect(r.sessionId).toBeTruthy();
  });

  it("stores passwords as argon2id hashes", async () => {
    const u = await signup(t.app);
    const row = await t.app.services.accounts.get(u.userId);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ["an invalid email", { userEmail: "not-an-email" }, 400, SignupErrors.emailInvalid],
    ["an email with two dots", { userEmail: "a..b@example.com" }, 400, SignupErrors.emailInvalid],
    ["a too short username", { username: "ab" }, 400, SignupErrors.usernameInvalid],
    ["a too long username", { username: "a".repeat(21) }, 400, SignupErrors.usernameInvalid],
    ["a username with spaces", { username: "john smith" }, 400, SignupErrors.usernameInvalid],
    ["a username starting with a dot", { username: ".john" }, 400, SignupErrors.usernameInvalid],
    ["a reserved username", { username: "Admin" }, 400, SignupErrors.usernameProhibited],
    ["a reserved username with digits", { username: "r00t" }, 400, SignupErrors.usernameProhibited],
    ["staff impersonation", { username: "the_support_team" }, 400, SignupErrors.usernameProhibited],
    ["profanity", { username: "sh1tposter" }, 400, SignupErrors.usernameProhibited],
    ["a short password", { password: "short" }, 400, SignupErrors.passwordTooShort],
    ["an unknown time zone", { timeZone: "Mars/Olympus" }, 400, "Unknown time zone: Mars/Olympus"],
  ])("refuses %s", async (_what, overrides, status, error) => {
    const res = await post("/api/signup", signupBody({ username: uniqueName(), ...overrides }));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error });
  });

  it("refuses a taken username (any case) and a taken email with 409", async () => {
    const u = await signup(t.app);
    const sameName = await post(
      "/api/signup",
      signupBody({ username: u.username.toUpperCase(), userEmail: "x1@example.com" }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ error: SignupErrors.usernameTaken });
    const sameEmail = await post(
      "/api/signup",
      signupBody({ userEmail: u.userEmail.toUpperCase() }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ error: SignupErrors.emailTaken });
  });

  it("records the spec's signup analytics events on rule failures", async () => {
    await post("/api/signup", signupBody({ userEmail: "bad@" }));
    await post("/api/signup", signupBody({ username: "x" }));
    await post("/api/signup", signupBody({ username: "administrator" }));
    const db = t.database.db;
    expect((await listEvents(db, AnalyticsEvents.signupEmailInvalid)).length).toBeGreaterThan(0);
    expect((await listEvents(db, AnalyticsEvents.signupUsernameInvalid)).length).toBeGreaterThan(0);
    expect((await listEvents(db, AnalyticsEvents.signupUsernameProhibited)).length).toBeGreaterThan(
      0,
    );
    const u = await signup(t.app);
    await post("/api/signup", signupBody({ username: u.username }));
    expect((await listEvents(db, AnalyticsEvents.signupUsernameExists)).length).toBeGreaterThan(0);
  });

  it("validates bodies at the edge with a clear error", async () => {
    const missing = await post("/api/signup", { username: "abc" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^Invalid body: \w+ is required$/);
    const wrongType = await post("/api/login", { userEmail: "a@b.co", password: { x: 1 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error).toBe("Invalid body: password must be string");
  });

  it("logs in with the right password, case-insensitively on the email", async () => {
    const u = await signup(t.app);
    const res = await post("/api/login", {
      userEmail: u.userEmail.toUpperCase(),
      password: u.password,
    });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      userId: u.userId,
      username: u.username,
      userEmail: u.userEmail,
      imageCounter: 0,
    });
    expect(r.sessionId).not.toBe(u.sessionId);
  });

  it("refuses a wrong password and an unknown email with the same 401", async () => {
    const u = await signup(t.app);
    const wrong = await post("/api/login", { userEmail: u.userEmail, password: "wrong password" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: "Invalid email or password." });
    const unknown = await post("/api/login", {
      userEmail: "nobody@example.com",
      password: "whatever1",
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: "Invalid email or password." });
  });

  it("check-token answers the decoded user, session fields and user data", async () => {
    const u = await signup(t.app, { userEmail: "dev@example.com", username: uniqueName("dev") });
    const res = await injectAs(t.app, u.token, "GET", "/api/check-token");
    expect(res.statusCode).toBe(200);
    const r = res.json() as CheckTokenResponse;
    expect(r).toMatchObject({
      userId: u.userId,
      username: u.username,
      userEmail: "dev@example.com",
      sessionId: u.sessionId,
      testUser: false,
      paymentType: "",
      valid: false,
      clothAppValid: false,
      isNew: true,
    });
    expect(r.user).toEqual({
      credits: 0,
      diamond: 0,
      creditGiveawayDate: 0,
      emailVerified: false,
      meetingInviteReceived: false,
      testimonialInviteReceived: false,
      referenceFeedbackReceived: false,
      referenceImagesUsed: false,
      frenchWelcomeReceived: false,
      freeCreditReceived: false,
      developer: true,
      imageGenerated: 0,
      timeZone: "UTC",
      expiration: 0,
      clothAppExpiration: 0,
    });
  });

  it("flags test users from TEST_USER_EMAILS and the example.test domain", async () => {
    for (const email of ["qa@example.com", `${uniqueName()}@example.test`]) {
      const u = await signup(t.app, { userEmail: email, username: uniqueName("qa") });
      const r = await injectAs(t.app, u.token, "GET", "/api/check-token");
      expect(r.json().testUser).toBe(true);
      expect(r.json().user.developer).toBe(false);
    }
  });

  it("refuses missing, malformed, forged and expired tokens with 401", async () => {
    const u = await signup(t.app);
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: "GET", url: "/api/check-token", headers });
    const none = await get({});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: "Please login to continue." });
    const basic = await get({ authorization: "Basic abc" });
    expect(basic.json()).toEqual({ error: "Authorization header must be 'Bearer <token>'" });
    const [h, p] = u.token.split(".");
    const forged = await get(bearer(`${h}.${p}.${"A".repeat(43)}`));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: "Invalid token" });
    time.advance(31 * 24 * 3600 * 1000);
    const expired = await get(bearer(u.token));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: "Token expired, please log in again" });
    time.advance(-31 * 24 * 3600 * 1000);
  });

  it("schedules a time-zone change from login for the next local day", async () => {
    const u = await signup(t.app, { timeZone: "UTC" });
    const res = await post("/api/login", {
      userEmail: u.userEmail,
      password: u.password,
      timeZone: "asia/tokyo",
    });
    expect(res.statusCode).toBe(200);
    const row = await t.app.services.accounts.get(u.userId);
    expect(row.timeZone).toBe("UTC");
    expect(row.pendingTimeZone).toBe("Asia/Tokyo");
    // A login never fails over the zone hint: an unknown zone is ignored.
    const unknown = await post("/api/login", {
      userEmail: u.userEmail,
      password: u.password,
      timeZone: "Nowhere/City",
    });
    expect(unknown.statusCode).toBe(200);
    expect((await t.app.services.accounts.get(u.userId)).pendingTimeZone).toBe("Asia/Tokyo");
  });
});
