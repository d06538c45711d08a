import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "./api-client.ts";

afterEach(() => vi.restoreAllMocks());

describe("api client", () => {
  it("sends the stored bearer token and JSON", async () => {
    localStorage.setItem("token", "tok-7");
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(
        new Response(JSON.stringify({ credits: 20, creditGiveawayDate: 1 }), { status: 200 }),
      );
    await expect(api.giveaway("u-1")).resolves.toEqual({ credits: 20, creditGiveawayDate: 1 });
    const init = fetchSpy.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tok-7");
    expect(init.body).toBe(JSON.stringify({ userId: "u-1" }));
  });

  it("turns { error } answers into ApiError with the server's text", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ error: "Email already registered" }), { status: 409 }),
    );
    const err = await api.login("a@b.co", "x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, error: "Email already registered" });
  });

  it("login and signup never send a stale token", async () => {
    localStorage.setItem("token", "old");
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response("{}", { status: 200 }));
    await api.login("a@b.co", "x");
    const init = fetchSpy.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });
});
