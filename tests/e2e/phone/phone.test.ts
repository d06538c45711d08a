// A 375 px phone: the coin icon replaces the 'Coins' label (hidden at 768 px or less), the
// menus fold into one, nothing scrolls sideways, and axe-core finds nothing serious.
import { describe, expect, it } from "vitest";
import {
  expectNoSeriousA11yViolations,
  nameSuffix,
  signUpApi,
  uniqueEmail,
} from "../support/app.ts";
import { browserPerSuite, type Page, screenshot } from "../support/browser.ts";
import { strings } from "../support/strings.ts";

const suite = browserPerSuite();
const { baseURL } = suite;

const labelWidth = async (page: Page) =>
  (await page.getByTestId("coin-label").boundingBox())?.width ?? 0;

describe("phone layout", () => {
  it("at 375 px the coin icon stands alone and the layout fits the screen", async () => {
    const t = strings("en-US");
    const context = await suite.context({
      locale: "en-US",
      width: 375,
      height: 740,
    });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByTestId("coin-icon").isVisible()).toBe(true);
    expect(await labelWidth(page)).toBeLessThanOrEqual(1);
    // still announced to screen readers
    expect(await page.getByTestId("coin-button").textContent()).toContain(t("coins:label"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await screenshot(page, "phone-375-home");
    await expectNoSeriousA11yViolations(page, "phone home");

    await page.getByTestId("mobile-menu").click();
    await page.getByRole("menuitem", { name: t("nav:products.product") }).waitFor();
    await screenshot(page, "phone-375-menu");
    await expectNoSeriousA11yViolations(page, "phone menu");
    await page.keyboard.press("Escape");

    await page.getByTestId("hero-cta").click();
    await page.getByRole("dialog").getByRole("heading").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await screenshot(page, "phone-375-signup");
    await expectNoSeriousA11yViolations(page, "phone signup modal");
    await context.close();
  });

  it("signed in on a phone, in Chinese: user menu, coin dialog and /form fit the screen", async () => {
    const t = strings("zh-CN");
    const email = uniqueEmail("phone");
    const { token } = await signUpApi(baseURL, {
      username: `phone${nameSuffix()}`,
      userEmail: email,
      language: "zh",
      timeZone: "Asia/Shanghai",
    });
    const page = await suite.signedInPage(token, {
      locale: "zh-CN",
      width: 375,
      height: 740,
    });
    await page.goto("/form");
    await page.getByTestId("unread-bell").waitFor();
    expect(await labelWidth(page)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await screenshot(page, "phone-375-zh-form");
    await expectNoSeriousA11yViolations(page, "phone /form signed in");

    await page.getByTestId("user-menu").click();
    const menu = page.getByRole("menu");
    await menu.waitFor();
    const box = await menu.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await screenshot(page, "phone-375-zh-user-menu");
    await expectNoSeriousA11yViolations(page, "phone user menu");
    await page.keyboard.press("Escape");

    await page.getByTestId("coin-button").click();
    await page.getByTestId("daily-coin-dialog").waitFor();
    expect(await page.getByTestId("redeem-button").textContent()).toBe(
      t("coins:daily.redeem", { count: 20 }),
    );
    await screenshot(page, "phone-375-zh-daily-coins");
    await expectNoSeriousA11yViolations(page, "phone daily coin dialog");
    await page.context().close();
  });

  it("the label switches exactly at 768 px", async () => {
    for (const [width, shown] of [
      [768, false],
      [769, true],
    ] as const) {
      const context = await suite.context({ locale: "en-US", width, height: 800 });
      const page = await context.newPage();
      await page.goto("/");
      await page.getByTestId("coin-button").waitFor();
      expect((await labelWidth(page)) > 1, `label at ${width}px`).toBe(shown);
      await context.close();
    }
  });
});
