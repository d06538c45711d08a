import { Messages } from "@studio/contracts";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "../../api/api-client.ts";
import { checkTokenResponse, loginResponse } from "../../test/fixtures.ts";
import { openModal } from "../../test/open-modal.tsx";
import { location } from "../../test/render.tsx";

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.spyOn(api, "checkToken").mockResolvedValue(checkTokenResponse());
  vi.spyOn(api, "sendEmailVerification").mockResolvedValue({ success: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function fill(name: string, value: string) {
  const el = document.querySelector(`[name="${name}"]`) as HTMLInputElement;
  fireEvent.change(el, { target: { value } });
}
const submit = () => fireEvent.click(screen.getByTestId("auth-submit"));
const dialogOpen = () => screen.queryByTestId("login-modal") !== null;

/** The modal as the shell opens it: through the modal context. */
async function openLogin(mode: "login" | "signup", route = "/") {
  await openModal("login", { mode }, { route });
  await screen.findByTestId("login-modal");
}

describe("login modal", () => {
  it("login: stores the session, shows the exact message, closes after 0.5 s, goes to /app", async () => {
    const login = vi.spyOn(api, "login").mockResolvedValue(loginResponse());
    await openLogin("login");
    fill("userEmail", "ana@example.com");
    fill("password", "secret");
    submit();
    await screen.findByText(Messages.loginSuccess);
    expect(login).toHaveBeenCalledWith("ana@example.com", "secret");
    expect(localStorage.getItem("token")).toBe("tok-1");
    expect(localStorage.getItem("sessionId")).toBe("s-1");
    expect(localStorage.getItem("userEmail")).toBe("ana@example.com");
    act(() => vi.advanceTimersByTime(350));
    expect(dialogOpen()).toBe(true);
    expect(location.pathname).toBe("/");
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(dialogOpen()).toBe(false));
    expect(location.pathname).toBe("/app");
  });

  it("signup: sends the nine fields and the time zone; closes at 0.5 s, opens /form and the daily coins at 1 s", async () => {
    const signup = vi.spyOn(api, "signup").mockResolvedValue(loginResponse());
    await openLogin("signup");
    fill("username", "ana");
    fill("userEmail", "ana@example.com");
    fill("password", "correct horse");
    fill("gender", "female");
    fill("dob", "1990-04-01");
    fill("location", "Lisbon");
    fill("language", "fr");
    fill("occupation", "owner");
    fill("field", "beauty");
    submit();
    await screen.findByText(Messages.signupSuccess);
    expect(signup).toHaveBeenCalledWith({
      username: "ana",
      userEmail: "ana@example.com",
      password: "correct horse",
      gender: "female",
      dob: "1990-04-01",
      location: "Lisbon",
      language: "fr",
      occupation: "owner",
      field: "beauty",
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    act(() => vi.advanceTimersByTime(600));
    await waitFor(() => expect(dialogOpen()).toBe(false));
    expect(location.pathname).toBe("/");
    act(() => vi.advanceTimersByTime(450));
    await waitFor(() => expect(location.pathname).toBe("/form"));
    expect(await screen.findByTestId("daily-coin-dialog")).toBeInTheDocument();
    expect(screen.getByTestId("redeem-button")).toBeEnabled();
  });

  it("signup redeems referral credits when a referral email exists", async () => {
    localStorage.setItem("referralEmail", "friend@example.com");
    vi.spyOn(api, "signup").mockResolvedValue(loginResponse());
    const refer = vi.spyOn(api, "referGiveaway").mockResolvedValue({ credits: 30, diamond: 1 });
    await openLogin("signup");
    fill("username", "ana");
    fill("userEmail", "ana@example.com");
    fill("password", "correct horse");
    submit();
    await waitFor(() => expect(refer).toHaveBeenCalledWith("friend@example.com"));
    await waitFor(() => expect(localStorage.getItem("referralEmail")).toBeNull());
  });

  it("signup without a referral email redeems nothing", async () => {
    vi.spyOn(api, "signup").mockResolvedValue(loginResponse());
    const refer = vi.spyOn(api, "referGiveaway");
    await openLogin("signup");
    fill("username", "ana");
    fill("userEmail", "ana@example.com");
    fill("password", "x");
    submit();
    await screen.findByText(Messages.signupSuccess);
    expect(refer).not.toHaveBeenCalled();
  });

  it("failure: red 'Error:' banner with the server's error; message clears after 5 s, hint 2 s later", async () => {
    vi.spyOn(api, "login").mockRejectedValue(new ApiError(401, "Invalid email or password"));
    await openLogin("login");
    fill("userEmail", "ana@example.com");
    fill("password", "nope");
    submit();
    const message = await screen.findByTestId("auth-banner-message");
    expect(message).toHaveTextContent("Error: Invalid email or password");
    expect(screen.getByRole("alert")).toBeInTheDocument();
    expect(screen.getByTestId("auth-banner-hint")).toBeInTheDocument();
    // (margins of a few hundred ms: the fake clock also follows real time)
    act(() => vi.advanceTimersByTime(4700));
    expect(screen.getByTestId("auth-banner-message")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByTestId("auth-banner-message")).toBeNull();
    expect(screen.getByTestId("auth-banner-hint")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByTestId("auth-banner-hint")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByTestId("auth-banner")).toBeNull();
    expect(dialogOpen()).toBe(true);
  });

  it("failure without an error field shows a generic message", async () => {
    vi.spyOn(api, "login").mockRejectedValue(new TypeError("Failed to fetch"));
    await openLogin("login");
    fill("userEmail", "ana@example.com");
    fill("password", "x");
    submit();
    expect(await screen.findByTestId("auth-banner-message")).toHaveTextContent(
      "Error: Something went wrong. Please try again.",
    );
  });

  it("toggles between login and signup", async () => {
    await openLogin("login");
    expect(document.querySelector('[name="username"]')).toBeNull();
    fireEvent.click(screen.getByTestId("auth-toggle"));
    expect(document.querySelector('[name="username"]')).not.toBeNull();
    expect(screen.getByRole("dialog")).toHaveAccessibleName("Create your free account");
  });

  it("is a labelled dialog that closes on Escape", async () => {
    await openLogin("login");
    expect(screen.getByRole("dialog")).toHaveAccessibleName("Welcome back");
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await waitFor(() => expect(dialogOpen()).toBe(false));
  });
});
