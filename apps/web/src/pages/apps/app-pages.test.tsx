import { Messages } from "@studio/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../api/api-client.ts";
import { checkTokenResponse, storeToken } from "../../test/fixtures.ts";
import { Handles, handles } from "../../test/open-modal.tsx";
import { location, renderApp } from "../../test/render.tsx";
import CheckoutPage from "../checkout/CheckoutPage.tsx";
import ClothingAppPage from "./ClothingAppPage.tsx";
import AppEntry from "./ProductAppPage.tsx";

afterEach(() => vi.restoreAllMocks());

async function signedIn(over = {}) {
  storeToken();
  vi.spyOn(api, "checkToken").mockResolvedValue(checkTokenResponse(over));
}

describe("/app (product app until issue 5)", () => {
  it("refuses to generate without an image or text", async () => {
    renderApp(<AppEntry />, { route: "/app" });
    fireEvent.click(screen.getByTestId("generate"));
    expect(await screen.findByText(Messages.noImageOrText)).toBeInTheDocument();
  });

  it("with a prompt, anonymous visitors are asked to sign up first", async () => {
    vi.spyOn(api, "analytics").mockResolvedValue({});
    renderApp(<AppEntry />, { route: "/app" });
    fireEvent.change(screen.getByLabelText("Prompt (optional)"), {
      target: { value: "on marble" },
    });
    fireEvent.click(screen.getByTestId("generate"));
    expect(await screen.findByTestId("login-modal")).toBeInTheDocument();
    expect(api.analytics).toHaveBeenCalledWith("blocked no login", { action: "generate" }, "");
  });

  it("shows the active app: clothing when the visitor chose it", async () => {
    localStorage.setItem("activeApp", "clothing");
    renderApp(<AppEntry />, { route: "/app" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Clothing App" }),
    ).toBeInTheDocument();
  });

  it("the app switcher sets the active app and moves to its page", async () => {
    renderApp(
      <>
        <Handles />
        <AppEntry />
      </>,
      { route: "/app" },
    );
    fireEvent.click(screen.getByRole("button", { name: "Video" }));
    await waitFor(() => expect(location.pathname).toBe("/video-app"));
    expect(handles.session?.session.activeApp).toBe("video");
  });
});

describe("clothing app payment check (spec section 4)", () => {
  it("anonymous: 'Signup to unlock' and 'Please login to continue.', then the login", async () => {
    vi.spyOn(api, "analytics").mockResolvedValue({});
    renderApp(<ClothingAppPage />, { route: "/clothing-app" });
    expect(screen.getByText(Messages.pleaseLogin)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: Messages.signupToUnlock }));
    expect(await screen.findByTestId("login-modal")).toBeInTheDocument();
  });

  it("signed in without the clothing entitlement: pricing opens on the clothing table", async () => {
    await signedIn({ clothAppValid: false });
    renderApp(<ClothingAppPage />, { route: "/clothing-app" });
    await waitFor(() =>
      expect(screen.getByTestId("clothing-start")).toHaveTextContent("Start with my garment"),
    );
    fireEvent.click(screen.getByTestId("clothing-start"));
    await screen.findByTestId("pricing-table");
    expect(screen.getByTestId("pricing-tab-clothing")).toHaveAttribute("aria-pressed", "true");
  });

  it("signed in with it: the feature is announced as coming", async () => {
    await signedIn({ clothAppValid: true, paymentType: "CLOTHING_APP_PRO" });
    renderApp(<ClothingAppPage />, { route: "/clothing-app" });
    await waitFor(() =>
      expect(screen.getByTestId("clothing-start")).toHaveTextContent("Start with my garment"),
    );
    fireEvent.click(screen.getByTestId("clothing-start"));
    expect(await screen.findByRole("dialog")).toHaveAccessibleName("Coming soon");
  });
});

describe("checkout pages", () => {
  it("show the chosen plan and the coupon", () => {
    renderApp(<CheckoutPage provider="stripe" />, {
      route: "/stripe-checkout?type=PRODUCT_YEARLY&couponType=HALF_OFF",
    });
    expect(screen.getByText("Yearly pass")).toBeInTheDocument();
    expect(screen.getByText("$16.99")).toBeInTheDocument();
    expect(screen.getByText("Coupon: HALF_OFF")).toBeInTheDocument();
  });

  it("say so when the plan is unknown", () => {
    renderApp(<CheckoutPage provider="wechat" />, { route: "/wechat-pay-checkout?type=NOPE" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("WeChat Pay checkout");
    expect(screen.getByRole("alert")).toHaveTextContent('We do not know the plan "NOPE".');
  });
});
