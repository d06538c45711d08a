import { Messages, PlanCatalogue } from "@studio/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../api/api-client.ts";
import { billingApi } from "../../features/billing/billing-api.ts";
import { checkTokenResponse, storeToken } from "../../test/fixtures.ts";
import { Handles, handles } from "../../test/open-modal.tsx";
import { location, renderApp } from "../../test/render.tsx";
import StripeCheckoutPage from "../checkout/StripeCheckoutPage.tsx";
import WechatCheckoutPage from "../checkout/WechatCheckoutPage.tsx";
import ClothingAppPage from "./ClothingAppPage.tsx";
import AppEntry from "./ProductAppPage.tsx";

afterEach(() => vi.restoreAllMocks());

async function signedIn(over = {}) {
  storeToken();
  vi.spyOn(api, "checkToken").mockResolvedValue(checkTokenResponse(over));
}

describe("/app (the product app)", () => {
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

describe("clothing app payment check", () => {
  it("anonymous: 'Signup to unlock' and 'Please login to continue.', then the login", async () => {
    vi.spyOn(api, "analytics").mockResolvedValue({});
    renderApp(<ClothingAppPage />, { route: "/clothing-app" });
    expect(screen.getByText(Messages.pleaseLogin)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: Messages.signupToUnlock }));
    expect(await screen.findByTestId("login-modal")).toBeInTheDocument();
  });

  // the signed-in flows of the Clothing app: features/clothing-app/components/ClothingStudio.test.tsx
});

describe("checkout pages", () => {
  const catalogue = () => {
    vi.spyOn(billingApi, "plans").mockResolvedValue({ plans: PlanCatalogue });
    vi.spyOn(billingApi, "mode").mockResolvedValue({ stripe: "stand-in", wechat: "stand-in" });
  };

  it("show the chosen plan, its price, the coupon and the test-mode badge; ask to log in first", async () => {
    catalogue();
    const checkout = vi.spyOn(billingApi, "stripeCheckout");
    renderApp(<StripeCheckoutPage />, {
      route: "/stripe-checkout?type=PRODUCT_YEARLY&couponType=HALF_OFF",
    });
    expect(await screen.findByText("Yearly pass")).toBeInTheDocument();
    expect(screen.getByTestId("checkout-price")).toHaveTextContent("$203.88");
    expect(screen.getByText("Coupon: HALF_OFF")).toBeInTheDocument();
    expect(await screen.findByTestId("test-mode")).toHaveTextContent("TEST MODE");
    expect(await screen.findByText("Please login to continue.")).toBeInTheDocument();
    expect(checkout).not.toHaveBeenCalled();
  });

  it("say so when the plan is unknown", async () => {
    catalogue();
    renderApp(<WechatCheckoutPage />, { route: "/wechat-pay-checkout?type=NOPE" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("WeChat Pay checkout");
    expect(await screen.findByRole("alert")).toHaveTextContent('We do not know the plan "NOPE".');
  });

  it("draw the WeChat QR code of the order and finish when it is paid", async () => {
    catalogue();
    await signedIn();
    vi.spyOn(billingApi, "wechatCheckout").mockResolvedValue({
      orderId: "ps123456",
      codeUrl: "weixin://wxpay/bizpayurl?pr=abc",
      amountFen: 7200,
      expiresAt: Math.floor(Date.now() / 1000) + 900,
    });
    const order = vi
      .spyOn(billingApi, "wechatOrder")
      .mockResolvedValueOnce({
        orderId: "ps123456",
        type: "IMAGES_32",
        status: "NOTPAY",
        amountFen: 7200,
        expiresAt: 0,
      })
      .mockResolvedValue({
        orderId: "ps123456",
        type: "IMAGES_32",
        status: "SUCCESS",
        amountFen: 7200,
        expiresAt: 0,
      });
    renderApp(<WechatCheckoutPage />, { route: "/wechat-pay-checkout?type=IMAGES_32" });
    const qr = await screen.findByTestId("wechat-qr");
    expect(qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByTestId("checkout-price")).toHaveTextContent("CN¥72.00");
    expect(await screen.findByTestId("wechat-paid", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(order).toHaveBeenCalled();
  });
});
