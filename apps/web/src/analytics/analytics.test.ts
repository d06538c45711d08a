import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../api/api-client.ts";
import { track } from "./analytics.ts";

afterEach(() => vi.restoreAllMocks());

describe("analytics", () => {
  it("sends key, value and the stored session id to GET /api/analytics", async () => {
    localStorage.setItem("sessionId", "s-9");
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response("{}", { status: 200 }));
    track("blocked no login", { action: "generate" });
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    const url = new URL(String(fetchSpy.mock.calls[0]?.[0]));
    expect(url.pathname).toBe("/api/analytics");
    expect(url.searchParams.get("key")).toBe("blocked no login");
    expect(JSON.parse(url.searchParams.get("value") ?? "")).toEqual({ action: "generate" });
    expect(url.searchParams.get("sessionId")).toBe("s-9");
    expect(fetchSpy.mock.calls[0]?.[1]?.method).toBe("GET");
  });

  it("ignores failures", async () => {
    const spy = vi.spyOn(api, "analytics").mockRejectedValue(new Error("offline"));
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    expect(() => track("redeeming error", {})).not.toThrow();
    await vi.waitFor(() => expect(debug).toHaveBeenCalled());
    expect(spy).toHaveBeenCalled();
  });
});
