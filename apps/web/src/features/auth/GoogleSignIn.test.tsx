import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../api/api-client.ts";
import { checkTokenResponse } from "../../test/fixtures.ts";
import { openModal } from "../../test/open-modal.tsx";
import { resetPublicConfig } from "./public-config.ts";

// The server's answer to GET /api/public-config (fetch is the seam: the real parsing runs);
// every other request of the shell answers 404.
function serverSays(googleClientId: string | null | "down") {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      calls.push(url.pathname);
      if (url.pathname === "/api/public-config" && googleClientId !== "down") {
        return new Response(JSON.stringify({ googleClientId }), {
          headers: { "content-type": "application/json" },
        });
      }
      return new Response(JSON.stringify({ error: "Not found" }), { status: 404 });
    }),
  );
  return calls;
}

beforeEach(() => {
  resetPublicConfig();
  vi.stubEnv("VITE_GOOGLE_CLIENT_ID", "");
  vi.spyOn(api, "checkToken").mockResolvedValue(checkTokenResponse());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  delete window.google;
});

const googleButton = () => screen.queryByRole("button", { name: /Continue with Google/ });

describe("Google sign-in follows the server's run-time configuration", () => {
  it("shows the button when the server has a client id, and signs in with that id", async () => {
    const calls = serverSays("run-time-id.apps.googleusercontent.com");
    await openModal("login", { mode: "login" });
    const button = await screen.findByRole("button", { name: /Continue with Google/ });
    expect(calls.filter((p) => p === "/api/public-config")).toHaveLength(1);
    // Google's own script is not loaded here: a stand-in for its API, already "loaded"
    const initialize = vi.fn();
    const prompt = vi.fn();
    window.google = { accounts: { id: { initialize, prompt } } };
    fireEvent.click(button);
    await waitFor(() => expect(prompt).toHaveBeenCalled());
    expect(initialize.mock.calls[0]?.[0]).toMatchObject({
      client_id: "run-time-id.apps.googleusercontent.com",
    });
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it("hides the button when the server has none and the build has none", async () => {
    const calls = serverSays(null);
    await openModal("login", { mode: "login" });
    await waitFor(() => expect(calls).toContain("/api/public-config"));
    await screen.findByTestId("auth-submit");
    await new Promise((r) => setTimeout(r, 20));
    expect(googleButton()).toBeNull();
  });

  it("falls back to the build's client id when the server cannot be reached", async () => {
    vi.stubEnv("VITE_GOOGLE_CLIENT_ID", "build-time-id.apps.googleusercontent.com");
    const calls = serverSays("down");
    await openModal("login", { mode: "login" });
    await screen.findByRole("button", { name: /Continue with Google/ });
    expect(calls).toContain("/api/public-config");
  });

  it("does not ask the server before the login modal opens", async () => {
    const calls = serverSays("run-time-id.apps.googleusercontent.com");
    const { renderShell } = await import("../../test/open-modal.tsx");
    renderShell();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).not.toContain("/api/public-config");
  });
});
