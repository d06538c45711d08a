import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "../api/api-client.ts";
import { checkTokenResponse, loginResponse, storeToken } from "../test/fixtures.ts";
import { renderApp } from "../test/render.tsx";
import type { SessionContextValue } from "./SessionProvider.tsx";
import { useSession } from "./use-session.ts";

let ctx: SessionContextValue;
function Probe() {
  ctx = useSession();
  return <p data-testid="probe">{ctx.session.loggedIn ? ctx.session.userName : "anonymous"}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe("session context", () => {
  it("starts anonymous with the spec's defaults when nothing is stored", () => {
    const check = vi.spyOn(api, "checkToken");
    renderApp(<Probe />);
    expect(screen.getByTestId("probe")).toHaveTextContent("anonymous");
    expect(ctx.session.userName).toBe("Signup");
    expect(ctx.session.credits).toBe(0);
    expect(check).not.toHaveBeenCalled();
  });

  it("restores the stored token and fills every field from check-token", async () => {
    storeToken();
    const check = vi.spyOn(api, "checkToken").mockResolvedValue(
      checkTokenResponse(
        { testUser: true, paymentType: "PRODUCT_APP_PRO", valid: true, isNew: false },
        {
          credits: 42,
          diamond: 3,
          creditGiveawayDate: 123,
          emailVerified: true,
          developer: true,
          imageGenerated: 7,
        },
      ),
    );
    renderApp(<Probe />);
    await waitFor(() => expect(screen.getByTestId("probe")).toHaveTextContent("ana"));
    expect(check).toHaveBeenCalledWith("tok-1");
    expect(ctx.session).toMatchObject({
      userId: "u-1",
      userEmail: "ana@example.com",
      sessionId: "s-1",
      token: "tok-1",
      credits: 42,
      diamond: 3,
      creditGiveawayDate: 123,
      emailVerified: true,
      developer: true,
      testUser: true,
      paymentType: "PRODUCT_APP_PRO",
      valid: true,
      isNew: false,
      imageGenerated: 7,
      loggedIn: true,
    });
  });

  it("an invalid token signs out, clears storage and sets token-invalid", async () => {
    storeToken();
    vi.spyOn(api, "checkToken").mockRejectedValue(new ApiError(401, "Invalid token"));
    renderApp(<Probe />);
    await waitFor(() => expect(ctx.session.tokenInvalid).toBe(true));
    expect(ctx.session.loggedIn).toBe(false);
    expect(ctx.session.token).toBe("");
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("userEmail")).toBeNull();
  });

  it("a network failure keeps the session (no sign-out on a flaky connection)", async () => {
    storeToken();
    vi.spyOn(api, "checkToken").mockRejectedValue(new TypeError("Failed to fetch"));
    renderApp(<Probe />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(localStorage.getItem("token")).toBe("tok-1");
    expect(ctx.session.tokenInvalid).toBe(false);
  });

  it("signing in stores token, session id and email, and validates the new token", async () => {
    const check = vi
      .spyOn(api, "checkToken")
      .mockResolvedValue(checkTokenResponse({}, { credits: 20 }));
    renderApp(<Probe />);
    act(() => ctx.signIn(loginResponse({ token: "tok-new" })));
    expect(localStorage.getItem("token")).toBe("tok-new");
    expect(localStorage.getItem("sessionId")).toBe("s-1");
    expect(localStorage.getItem("userEmail")).toBe("ana@example.com");
    await waitFor(() => expect(check).toHaveBeenCalledWith("tok-new"));
    await waitFor(() => expect(ctx.session.credits).toBe(20));
  });

  it("signing out resets the user and the storage", async () => {
    storeToken();
    vi.spyOn(api, "checkToken").mockResolvedValue(checkTokenResponse({}, { credits: 60 }));
    renderApp(<Probe />);
    await waitFor(() => expect(ctx.session.credits).toBe(60));
    act(() => ctx.signOut());
    expect(ctx.session).toMatchObject({
      loggedIn: false,
      credits: 0,
      userEmail: "",
      userName: "Signup",
    });
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("follows a login made in another tab", async () => {
    const check = vi.spyOn(api, "checkToken").mockResolvedValue(checkTokenResponse());
    renderApp(<Probe />);
    storeToken("tok-other");
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "token", newValue: "tok-other" }));
    });
    await waitFor(() => expect(check).toHaveBeenCalledWith("tok-other"));
    await waitFor(() => expect(ctx.session.loggedIn).toBe(true));
  });
});
