import { describe, expect, it } from "vitest";
import { bearer, injectAs, signup } from "../../testing/api-helpers.ts";
import { testAppPerSuite } from "../../testing/test-app-per-suite.ts";
import { dbKinds, manualClock } from "../../testing/test-harness.ts";
import { hashApiKey } from "./api-key-format.ts";

describe.each(dbKinds)("API keys on %s", (kind) => {
  const time = manualClock();
  const t = testAppPerSuite(kind, { clock: time.clock });

  const create = (token: string, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/keys", headers: bearer(token), payload });

  it("answers the key once, stores only its hash, lists the prefix", async () => {
    const u = await signup(t.app);
    const res = await create(u.token, { name: "Shopify sync", scopes: ["read", "generate"] });
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expect(made.key).toMatch(/^psk_[0-9A-Za-z]{40}$/);
    expect(made).toMatchObject({
      name: "Shopify sync",
      prefix: made.key.slice(0, 12),
      scopes: ["generate", "read"],
      lastUsedAt: null,
      requestsThisMonth: 0,
    });
    const stored = await t.database.executeSql<Record<string, unknown>>(
      "select * from api_keys where id = $1",
      [made.id],
    );
    expect(stored.rows[0]?.key_hash).toBe(hashApiKey(made.key));
    expect(JSON.stringify(stored.rows)).not.toContain(made.key);

    const list = await t.app.inject({ method: "GET", url: "/api/keys", headers: bearer(u.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().keys).toHaveLength(1);
    expect(list.json().keys[0]).not.toHaveProperty("key");
    expect(JSON.stringify(list.json())).not.toContain(made.key);
  });

  it("counts use: last used and requests this month", async () => {
    const u = await signup(t.app);
    const { key, id } = (await create(u.token, { name: "n", scopes: ["read"] })).json();
    for (let i = 0; i < 3; i++) {
      const who = await t.app.apiKeys.authenticate(key);
      expect(who).toMatchObject({ keyId: id, accountId: u.userId, scopes: ["read"] });
    }
    const [k] = (
      await t.app.inject({ method: "GET", url: "/api/keys", headers: bearer(u.token) })
    ).json().keys;
    expect(k.requestsThisMonth).toBe(3);
    expect(k.lastUsedAt).toBe(new Date(time.clock()).toISOString());
  });

  it("revokes: the key is refused by the very next check, and disappears from the list", async () => {
    const u = await signup(t.app);
    const { key, id } = (await create(u.token, { name: "n", scopes: ["generate"] })).json();
    const del = await injectAs(t.app, u.token, "DELETE", `/api/keys/${id}`);
    expect(del.statusCode).toBe(200);
    expect(await t.app.apiKeys.authenticate(key)).toBe("revoked");
    const list = await t.app.inject({ method: "GET", url: "/api/keys", headers: bearer(u.token) });
    expect(list.json().keys).toEqual([]);
  });

  it("keeps accounts apart and validates", async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const { id } = (await create(a.token, { name: "a", scopes: ["read"] })).json();
    const del = await injectAs(t.app, b.token, "DELETE", `/api/keys/${id}`);
    expect(del.statusCode).toBe(404);
    expect((await create(a.token, { name: "", scopes: ["read"] })).statusCode).toBe(400);
    expect((await create(a.token, { name: "x", scopes: [] })).statusCode).toBe(400);
    expect((await create(a.token, { name: "x", scopes: ["admin"] })).statusCode).toBe(400);
    const anon = await t.app.inject({ method: "POST", url: "/api/keys", payload: {} });
    expect(anon.statusCode).toBe(401);
    expect(await t.app.apiKeys.authenticate("psk_nope")).toBe("malformed");
    expect(await t.app.apiKeys.authenticate(`psk_${"a".repeat(40)}`)).toBe("unknown");
  });

  it("gives a key sent without scopes both generate and read", async () => {
    const u = await signup(t.app);
    const res = await create(u.token, { name: "no scopes sent" });
    expect(res.statusCode).toBe(201);
    expect(res.json().scopes).toEqual(["generate", "read"]);
  });

  it("refuses an API key where the session token is needed", async () => {
    const u = await signup(t.app);
    const { key } = (await create(u.token, { name: "n", scopes: ["generate", "read"] })).json();
    const res = await create(key, { name: "minted by a key", scopes: ["read"] });
    expect(res.statusCode).toBe(401);
  });
});
