import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../api/api-client.ts";
import { checkTokenResponse, storeToken } from "../test/fixtures.ts";
import { Handles, handles } from "../test/open-modal.tsx";
import { location, renderApp } from "../test/render.tsx";
import { DeveloperPanel } from "./DeveloperToggle.tsx";
import { TopBar } from "./TopBar.tsx";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function signedInBar(over = {}, user = {}) {
  storeToken();
  vi.spyOn(api, "checkToken").mockResolvedValue(checkTokenResponse(over, user));
  renderApp(
    <>
      <Handles />
      <TopBar />
      <DeveloperPanel />
    </>,
  );
  await waitFor(() => expect(screen.getByTestId("user-menu")).toHaveTextContent("ana"));
}

describe("top bar", () => {
  it("anonymous: label 'Signup', Login/Signup in the menu, coins labelled", async () => {
    renderApp(<TopBar />);
    expect(screen.getByTestId("user-menu")).toHaveTextContent("Signup");
    expect(screen.queryByTestId("unread-bell")).toBeNull();
    expect(screen.getByTestId("coin-label")).toHaveTextContent("Coins");
    expect(screen.getByTestId("coin-count")).toHaveTextContent("0");
    expect(screen.getByTestId("logo")).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("user-menu"));
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual(["Login", "Signup"]);
  });

  it("in Chinese the anonymous label reads 注册", () => {
    renderApp(<TopBar />, { lang: "zh-CN" });
    expect(screen.getByTestId("user-menu")).toHaveTextContent("注册");
    expect(screen.getByTestId("coin-label")).toHaveTextContent("金币");
  });

  it("the language switcher changes every string", async () => {
    renderApp(<TopBar />);
    fireEvent.click(screen.getByTestId("language-switcher"));
    fireEvent.click(await screen.findByRole("menuitem", { name: "简体中文" }));
    await waitFor(() => expect(screen.getByTestId("user-menu")).toHaveTextContent("注册"));
    expect(screen.getByTestId("menu-products")).toHaveTextContent("产品");
    expect(screen.getByTestId("pricing-button")).toHaveTextContent("价格");
  });

  it("signed in: a bell for unread notifications, the list, and Log Out resets", async () => {
    await signedInBar({}, { credits: 37 });
    expect(screen.getByTestId("unread-bell")).toBeInTheDocument();
    expect(screen.getByTestId("coin-count")).toHaveTextContent("37");
    fireEvent.click(screen.getByTestId("user-menu"));
    expect(await screen.findByTestId("notification-free-credit")).toHaveTextContent(/free coins/);
    fireEvent.click(screen.getByTestId("logout"));
    await waitFor(() => expect(screen.getByTestId("user-menu")).toHaveTextContent("Signup"));
    expect(screen.getByTestId("coin-count")).toHaveTextContent("0");
  });

  it("while a stored token is checked, neither 'Signup' nor a name shows", async () => {
    storeToken();
    let answer: (v: ReturnType<typeof checkTokenResponse>) => void = () => {};
    vi.spyOn(api, "checkToken").mockReturnValue(new Promise((r) => (answer = r)));
    renderApp(<TopBar />);
    expect(screen.getByTestId("user-menu-pending")).toBeInTheDocument();
    expect(screen.queryByText("Signup")).toBeNull();
    act(() => answer(checkTokenResponse()));
    await waitFor(() => expect(screen.getByTestId("user-menu")).toHaveTextContent("ana"));
  });

  it("no bell once every notification is received", async () => {
    await signedInBar({}, { freeCreditReceived: true });
    expect(screen.queryByTestId("unread-bell")).toBeNull();
  });

  it("unlimited users see a crown with VIP instead of coins", async () => {
    await signedInBar({ paymentType: "PRODUCT_APP_PRO", valid: true });
    expect(screen.getByTestId("vip-badge")).toHaveTextContent("VIP");
    expect(screen.queryByTestId("coin-button")).toBeNull();
  });

  it("Basic users keep the coin counter", async () => {
    await signedInBar({ paymentType: "PRODUCT_APP_BASIC", valid: true });
    expect(screen.getByTestId("coin-button")).toBeInTheDocument();
  });

  it("test users get the other logo", async () => {
    await signedInBar({ testUser: true });
    expect(screen.getByTestId("logo-test-user")).toBeInTheDocument();
  });

  it("the developer toggle shows for developer accounts only, and switches the panel", async () => {
    await signedInBar({}, { developer: true });
    const toggle = screen.getByTestId("developer-toggle");
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(handles.session?.session.developerMode).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(handles.session?.session.developerMode).toBe(true));
    expect(screen.getByRole("switch")).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("complementary", { name: "Developer panel" })).toBeInTheDocument();
  });

  it("no developer toggle for other accounts", async () => {
    await signedInBar();
    expect(screen.queryByTestId("developer-toggle")).toBeNull();
  });

  it("a product item checks login: anonymous visitors get the signup modal", async () => {
    vi.spyOn(api, "analytics").mockResolvedValue({});
    renderApp(<TopBar />);
    fireEvent.click(screen.getByTestId("menu-products"));
    fireEvent.click(await screen.findByRole("menuitem", { name: /Clothing App/ }));
    expect(await screen.findByTestId("login-modal")).toBeInTheDocument();
    expect(localStorage.getItem("activeApp")).toBe("clothing");
    expect(api.analytics).toHaveBeenCalledWith(
      "blocked no login",
      { action: "open-app", app: "clothing" },
      "",
    );
  });

  it("a product item, signed in, sets the active app and goes to /app", async () => {
    await signedInBar();
    fireEvent.click(screen.getByTestId("menu-products"));
    fireEvent.click(await screen.findByRole("menuitem", { name: /Video App/ }));
    await waitFor(() => expect(location.pathname).toBe("/app"));
    expect(handles.session?.session.activeApp).toBe("video");
  });

  it("menus type-ahead, and the typed prefix resets after 350 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp(<TopBar />);
    fireEvent.click(screen.getByTestId("menu-products"));
    const menu = await screen.findByRole("menu");
    const active = () => {
      const id = menu.getAttribute("aria-activedescendant");
      return id ? (document.getElementById(id)?.textContent ?? "") : "";
    };
    act(() => void fireEvent.keyDown(menu, { key: "v" }));
    expect(active()).toMatch(/^Video App/);
    act(() => vi.advanceTimersByTime(150));
    act(() => void fireEvent.keyDown(menu, { key: "p" })); // "vp" matches nothing
    expect(active()).toMatch(/^Video App/);
    act(() => vi.advanceTimersByTime(400)); // reset
    act(() => void fireEvent.keyDown(menu, { key: "p" }));
    expect(active()).toMatch(/^Product App/);
    expect(within(menu).getAllByRole("menuitem")).toHaveLength(3);
  });
});
