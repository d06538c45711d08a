import { describe, expect, it } from "vitest";
import { bearer, injectAs, sellerWithCoins, signup } from "../../testing/api-helpers.ts";
import { testAppPerSuite } from "../../testing/test-app-per-suite.ts";
import { dbKinds, manualClock } from "../../testing/test-harness.ts";
import { addImagesGenerated, updateAccount } from "../accounts/accounts.repository.ts";
import { GiveawayMessages } from "./giveaway.service.ts";

const at = (iso: string) => Date.parse(iso);

describe.each(dbKinds)("coins routes on %s", (kind) => {
  const time = manualClock(at("2026-11-22T12:00:00Z"));
  const t = testAppPerSuite(kind, { clock: time.clock });
  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: "POST", url, headers: bearer(token), payload });
  const redeem = (u: { token: string; userId: string }) =>
    post("/api/giveaway", u.token, { userId: u.userId });
  const login = (u: { userEmail: string; password: string }, timeZone: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { userEmail: u.userEmail, password: u.password, timeZone },
    });

  describe("credits", () => {
    it("answers the spec's fields; imageGenerated only with countUsage", async () => {
      time.set(at("2026-11-22T12:00:00Z"));
      const u = await sellerWithCoins(t.app, 7);
      await addImagesGenerated(t.database.db, u.userId, 3);
      const expiration = Math.floor(time.clock() / 1000) + 3600;
      await updateAccount(t.database.db, u.userId, { expiration, meetingInviteReceived: true });
      const plain = await post("/api/credits", u.token, { userId: u.userId });
      expect(plain.statusCode).toBe(200);
      expect(plain.json()).toEqual({
        credits: 7,
        diamond: 0,
        expiration,
        clothAppExpiration: 0,
        meetingInviteReceived: true,
        imageGenerated: 0,
      });
      const counted = await post("/api/credits", u.token, { userId: u.userId, countUsage: true });
      expect(counted.json().imageGenerated).toBe(3);
      const implicit = await post("/api/credits", u.token, {});
      expect(implicit.json().credits).toBe(7);
      const empty = await injectAs(t.app, u.token, "POST", "/api/credits");
      expect(empty.statusCode).toBe(200);
      expect(empty.json().credits).toBe(7);
      const text = await t.app.inject({
        method: "POST",
        url: "/api/credits",
        headers: { ...bearer(u.token), "content-type": "application/json" },
        payload: "[1]",
      });
      expect(text.statusCode).toBe(400);
      expect(text.json().error).toBe("Invalid body: body must be object");
    });

    it("refuses another user's id (403) and anonymous calls (401)", async () => {
      const u = await signup(t.app);
      const v = await signup(t.app);
      const foreign = await post("/api/credits", u.token, { userId: v.userId });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ error: "You can only act for your own account" });
      const anon = await t.app.inject({
        method: "POST",
        url: "/api/credits",
        payload: { userId: u.userId },
      });
      expect(anon.statusCode).toBe(401);
    });
  });

  describe("giveaway", () => {
    it("grants 20 once per local day and returns credits and creditGiveawayDate", async () => {
      time.set(at("2026-11-22T12:00:00Z"));
      const u = await signup(t.app, { timeZone: "UTC" });
      const first = await redeem(u);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        credits: 20,
        creditGiveawayDate: at("2026-11-22T12:00:00Z"),
        message: GiveawayMessages.redeemed,
      });
      time.set(at("2026-11-22T23:59:59Z"));
      const again = await redeem(u);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: GiveawayMessages.alreadyRedeemed,
        message: GiveawayMessages.alreadyRedeemed,
      });
      time.set(at("2026-11-23T00:00:00Z"));
      const next = await redeem(u);
      expect(next.json()).toMatchObject({
        credits: 40,
        creditGiveawayDate: at("2026-11-23T00:00:00Z"),
      });
      const me = await injectAs(t.app, u.token, "GET", "/api/check-token");
      expect(me.json().user.creditGiveawayDate).toBe(at("2026-11-23T00:00:00Z"));
    });

    it("follows the stored zone's midnight, not UTC's", async () => {
      time.set(at("2026-11-22T14:00:00Z")); // 23:00 in Tokyo
      const u = await signup(t.app, { timeZone: "Asia/Tokyo" });
      expect((await redeem(u)).statusCode).toBe(200);
      time.set(at("2026-11-22T15:00:00Z")); // Tokyo's next midnight, same UTC day
      expect((await redeem(u)).statusCode).toBe(200);
      expect(await t.app.services.coins.balance(u.userId)).toBe(40);
    });

    it("hopping east earns nothing: the new zone waits for the old zone's next day", async () => {
      time.set(at("2026-11-22T07:00:00Z")); // 23:00 Nov 21 in Los Angeles
      const u = await signup(t.app, { timeZone: "America/Los_Angeles" });
      expect((await redeem(u)).statusCode).toBe(200);
      expect((await login(u, "Asia/Tokyo")).statusCode).toBe(200); // already Nov 22 16:00 there
      expect((await redeem(u)).statusCode).toBe(409);
      const before = await injectAs(t.app, u.token, "GET", "/api/check-token");
      expect(before.json().user.timeZone).toBe("America/Los_Angeles");
      time.set(at("2026-11-22T08:00:00Z")); // LA midnight: Tokyo takes over, a new day anyway
      expect((await redeem(u)).statusCode).toBe(200);
      time.set(at("2026-11-22T14:59:59Z")); // still Nov 22 in Tokyo
      expect((await redeem(u)).statusCode).toBe(409);
      expect(await t.app.services.coins.balance(u.userId)).toBe(40);
      expect((await t.app.services.accounts.get(u.userId)).timeZone).toBe("Asia/Tokyo");
      const me = await injectAs(t.app, u.token, "GET", "/api/check-token");
      expect(me.json().user.timeZone).toBe("Asia/Tokyo");
    });

    it("hopping west earns nothing: a day already redeemed elsewhere is not redeemed again", async () => {
      time.set(at("2026-11-22T15:30:00Z")); // 00:30 Nov 23 in Tokyo
      const u = await signup(t.app, { timeZone: "Asia/Tokyo" });
      expect((await redeem(u)).statusCode).toBe(200); // day Nov 23
      expect((await login(u, "America/Los_Angeles")).statusCode).toBe(200);
      time.set(at("2026-11-23T15:00:00Z")); // Tokyo's Nov 24: LA in force, where it is Nov 23 07:00
      expect((await redeem(u)).statusCode).toBe(409);
      time.set(at("2026-11-24T07:59:59Z")); // Nov 23 23:59 in LA
      expect((await redeem(u)).statusCode).toBe(409);
      time.set(at("2026-11-24T08:00:00Z")); // Nov 24 in LA
      expect((await redeem(u)).statusCode).toBe(200);
      expect(await t.app.services.coins.balance(u.userId)).toBe(40);
    });

    it("200 simultaneous calls for one user grant exactly 20", async () => {
      time.set(at("2026-11-25T12:00:00Z"));
      const u = await signup(t.app);
      const answers = await Promise.all(Array.from({ length: 200 }, () => redeem(u)));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(199);
      expect(await t.app.services.coins.balance(u.userId)).toBe(20);
      expect(await t.app.services.coins.ledgerTotal(u.userId)).toBe(20);
    });

    it("refuses another user's id with 403", async () => {
      const u = await signup(t.app);
      const v = await signup(t.app);
      const res = await post("/api/giveaway", u.token, { userId: v.userId });
      expect(res.statusCode).toBe(403);
      expect(await t.app.services.coins.balance(v.userId)).toBe(0);
    });
  });

  describe("refer-giveway", () => {
    it("credits the new user once and gives the referrer a diamond", async () => {
      const referrer = await signup(t.app);
      const friend = await signup(t.app);
      const res = await post("/api/refer-giveway", friend.token, {
        referEmail: referrer.userEmail.toUpperCase(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ credits: 20, diamond: 0 });
      const again = await post("/api/refer-giveway", friend.token, {
        referEmail: referrer.userEmail,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: GiveawayMessages.alreadyReferred });
      expect((await t.app.services.accounts.get(referrer.userId)).diamond).toBe(1);
      expect(await t.app.services.coins.balance(friend.userId)).toBe(20);
    });

    it("refuses self-referral and unknown referrers", async () => {
      const u = await signup(t.app);
      const self = await post("/api/refer-giveway", u.token, { referEmail: u.userEmail });
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual({ error: GiveawayMessages.selfReferral });
      const unknown = await post("/api/refer-giveway", u.token, {
        referEmail: "ghost@example.com",
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: GiveawayMessages.referrerNotFound });
    });
  });
});
