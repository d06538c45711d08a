// Buying plans in Chromium against the real server and its local stand-ins: a Pro
// subscription by card (crown and VIP at once, then cancelled through the coupon offer and
// the survey), the add-on by WeChat QR in Chinese at 375 px, renewal and refund from the
// stand-in's dashboard.
import { describe, expect, it } from "vitest";
import {
  coinCount,
  expectNoSeriousA11yViolations,
  nameSuffix,
  signUpApi,
  uniqueEmail,
  waitForCoins,
} from "../support/app.ts";
import { browserPerSuite, type Page, screenshot } from "../support/browser.ts";
import { strings } from "../support/strings.ts";

const suite = browserPerSuite();
const { baseURL } = suite;

async function newUser(tag: string, language = "en") {
  const user = await signUpApi(baseURL, {
    username: `${tag}${nameSuffix()}`,
    userEmail: uniqueEmail(tag),
    language,
  });
  return user.token;
}

async function signedInPage(token: string, locale: "en-US" | "zh-CN", width = 1280) {
  const context = await suite.context({
    locale,
    width,
    height: width < 500 ? 740 : 800,
  });
  await context.addInitScript((tk) => localStorage.setItem("token", tk), token);
  return { context, page: await context.newPage() };
}

async function openPricing(page: Page) {
  await page.goto("/app");
  await page.getByTestId("coin-button").waitFor();
  await page.getByTestId("pricing-button").click();
  await page.getByTestId("pricing-table").waitFor();
}

describe("billing", () => {
  it("buys Pro by card, shows the crown, renews, and cancels through the coupon and the survey", async () => {
    const t = strings("en-US");
    const { context, page } = await signedInPage(await newUser("card"), "en-US");
    await openPricing(page);
    await page.getByTestId("plan-PRO_MONTHLY").waitFor();
    await screenshot(page, "billing-pricing-1280");
    await expectNoSeriousA11yViolations(page, "pricing table");

    const [checkout] = await Promise.all([
      context.waitForEvent("page"),
      page.getByTestId("buy-PRO_MONTHLY-stripe").click(),
    ]);
    await checkout.waitForURL(/\/sandbox\/stripe\/checkout\//);
    expect(await checkout.getByText("TEST MODE").isVisible()).toBe(true);
    await checkout.getByLabel("Card number").fill("4000 0000 0000 0002");
    await checkout.getByRole("button", { name: /^Pay/ }).click();
    await checkout.getByRole("alert").getByText("Your card was declined.").waitFor();
    await checkout.getByLabel("Card number").fill("4242 4242 4242 4242");
    await screenshot(checkout, "billing-stripe-stand-in");
    await checkout.getByRole("button", { name: /^Pay/ }).click();
    await checkout.waitForURL(/\/checkout\/success/);
    await checkout.getByTestId("checkout-paid").waitFor();
    await checkout.getByTestId("vip-badge").waitFor();
    expect(await checkout.getByTestId("vip-badge").textContent()).toContain(t("coins:vip"));
    await screenshot(checkout, "billing-success");
    await expectNoSeriousA11yViolations(checkout, "checkout success");

    // The subscription manager: On Going; the dashboard renews it; then the spec's cancel flow.
    const manager = async () => {
      await checkout.getByTestId("user-menu").click();
      await checkout.getByRole("menuitem", { name: t("nav:user.subscriptions") }).click();
      await checkout.getByTestId("subscription-manager").waitFor();
    };
    await manager();
    const status = checkout
      .getByTestId("subscription-PRODUCT_APP")
      .getByTestId("subscription-status");
    expect(await status.textContent()).toBe(t("billing:manager.status.ON GOING"));
    await screenshot(checkout, "billing-manager");
    await expectNoSeriousA11yViolations(checkout, "subscription manager");
    await checkout.keyboard.press("Escape");

    const dashboard = await context.newPage();
    await dashboard.goto("/sandbox/stripe");
    await dashboard.getByRole("button", { name: "Renew" }).first().click();
    await dashboard.waitForLoadState();
    await dashboard.close();

    await manager();
    await checkout.getByRole("button", { name: t("billing:manager.cancel") }).click();
    await checkout.getByTestId("cancel-coupon").waitFor();
    await screenshot(checkout, "billing-cancel-coupon");
    await checkout.getByRole("button", { name: t("billing:coupon.decline") }).click();
    await checkout.getByTestId("cancel-survey").waitFor();
    await checkout.getByLabel(t("billing:survey.reasons.0")).check();
    await checkout.getByLabel(t("billing:survey.comeBackOptions.1")).check();
    await screenshot(checkout, "billing-cancel-survey");
    await expectNoSeriousA11yViolations(checkout, "cancellation survey");
    await checkout.getByRole("button", { name: t("billing:survey.send") }).click();
    await checkout.getByTestId("subscription-manager").waitFor();
    await checkout.getByRole("button", { name: t("billing:manager.cancel") }).click();
    await checkout.getByText(t("billing:manager.cancelled")).waitFor();
    await checkout.waitForFunction(
      (expected) =>
        document.querySelector('[data-testid="subscription-status"]')?.textContent === expected,
      t("billing:manager.status.CANCELLING"),
    );
    // Access stays until the period ends.
    expect(await checkout.getByTestId("vip-badge").isVisible()).toBe(true);
    await context.close();
  });

  it("buys the 32-image add-on by WeChat QR, in Chinese at 375 px, and a refund takes it back", async () => {
    const t = strings("zh-CN");
    const { context, page } = await signedInPage(await newUser("wechat", "zh"), "zh-CN", 375);
    await page.goto("/wechat-pay-checkout?type=IMAGES_32");
    await page.getByTestId("wechat-qr").waitFor();
    expect(await page.getByTestId("checkout-price").textContent()).toContain("72.00");
    expect(await page.getByTestId("test-mode").textContent()).toBe(t("checkout:testMode"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await screenshot(page, "billing-wechat-qr-375-zh");
    await expectNoSeriousA11yViolations(page, "WeChat checkout");
    const before = await coinCount(page);

    const [pay] = await Promise.all([
      context.waitForEvent("page"),
      page.getByTestId("wechat-simulate").click(),
    ]);
    await pay.getByRole("button", { name: /Pay/ }).click();
    await pay.getByRole("status").waitFor();
    await pay.close();
    await page.getByTestId("wechat-paid").waitFor({ timeout: 15_000 });
    await waitForCoins(page, before + 32);
    await screenshot(page, "billing-wechat-paid-375-zh");

    const dashboard = await context.newPage();
    await dashboard.goto("/sandbox/wechat");
    await dashboard.getByRole("button", { name: "Refund" }).first().click();
    await dashboard.waitForLoadState();
    await dashboard.close();
    await page.reload();
    await waitForCoins(page, before);
    await context.close();
  });
});
