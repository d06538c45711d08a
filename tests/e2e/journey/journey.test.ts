// The whole visitor journey on the real server, in English and in Chinese: land on the home
// page, sign up, verify the email through the mailbox link, claim the daily coins, read a
// notification, log out. axe-core checks each screen; screenshots go to test-results/.
import { describe, expect, it } from "vitest";
import {
  coinCount,
  expectNoSeriousA11yViolations,
  uniqueEmail,
  waitForCoins,
} from "../support/app.ts";
import { browserPerSuite, screenshot } from "../support/browser.ts";
import { verificationLink } from "../support/mailbox.ts";
import { strings } from "../support/strings.ts";

const suite = browserPerSuite();
const { baseURL } = suite;

describe.each(["en-US", "zh-CN"] as const)("journey in %s", (lng) => {
  const t = strings(lng);
  const shot = (name: string) => `journey-${lng}-${name}`;

  it("home → signup → verify → daily coins → notification → logout → login", async () => {
    const context = await suite.context({ locale: lng });
    const page = await context.newPage();
    // the auth banner's text, "" while there is none
    const bannerText = () =>
      page
        .getByTestId("auth-banner-message")
        .textContent()
        .catch(() => "");
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // Land: the browser's language is detected, the top bar says Signup.
    await page.goto("/");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lng);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByTestId("user-menu").textContent()).toContain(t("nav:user.signup"));
    expect((await page.getByTestId("coin-label").boundingBox())?.width ?? 0).toBeGreaterThan(10);
    await screenshot(page, shot("01-home"));
    await expectNoSeriousA11yViolations(page, `${lng} home`);

    // Sign up with all nine fields.
    await page.getByTestId("hero-cta").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: t("auth:signupTitle") }).waitFor();
    const email = uniqueEmail(lng === "en-US" ? "ana" : "li");
    await dialog
      .locator('input[name="username"]')
      .fill(lng === "en-US" ? `ana${Date.now() % 1e6}` : `li${Date.now() % 1e6}`);
    await dialog.locator('select[name="gender"]').selectOption("female");
    await dialog.locator('input[name="dob"]').fill("1990-04-01");
    await dialog.locator('input[name="location"]').fill(lng === "en-US" ? "Lisbon" : "杭州");
    await dialog.locator('select[name="language"]').selectOption(lng === "en-US" ? "en" : "zh");
    await dialog.locator('select[name="occupation"]').selectOption("owner");
    await dialog.locator('select[name="field"]').selectOption("beauty");
    await dialog.locator('input[name="userEmail"]').fill(email);
    await dialog.locator('input[name="password"]').fill("correct horse battery");
    await screenshot(page, shot("02-signup"));
    await expectNoSeriousA11yViolations(page, `${lng} signup modal`);
    await dialog.getByTestId("auth-submit").click();
    await expect.poll(bannerText).toContain(t("auth:signupSuccess"));

    // The modal closes after 0.5 s; /form and the daily coins (one click away) open
    // after 1 s. The coins are claimed below, from the top bar.
    await page.waitForURL("**/form", { timeout: 5000 });
    await page.getByTestId("form-title").waitFor();
    await page.getByTestId("daily-coin-dialog").waitFor();
    await expect.poll(() => page.getByTestId("redeem-button").isEnabled()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    const userMenu = page.getByTestId("user-menu");
    await expect.poll(() => userMenu.textContent()).toMatch(/ana|li/);
    await screenshot(page, shot("03-form"));
    await expectNoSeriousA11yViolations(page, `${lng} /form`);
    const startCoins = await coinCount(page);

    // Verify the email: the link from the mailbox, then 'I've Verified' (+40 coins).
    const link = await verificationLink(baseURL, email);
    const mailPage = await context.newPage();
    await mailPage.goto(link);
    await mailPage.locator("#message").waitFor();
    await mailPage.close();
    await userMenu.click();
    await page.getByRole("menuitem", { name: t("nav:user.verifyEmail") }).click();
    await page.getByTestId("verify-check").click();
    await expect
      .poll(() => page.getByTestId("verify-status").textContent())
      .toBe(t("auth:verify.success"));
    await waitForCoins(page, startCoins + 40);
    await screenshot(page, shot("04-verified"));
    await expectNoSeriousA11yViolations(page, `${lng} verification modal`);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // Daily coins: +20, then the redeem message; the dialog then counts down.
    await page.getByTestId("coin-button").click();
    const redeem = page.getByTestId("redeem-button");
    await expect.poll(() => redeem.isEnabled()).toBe(true);
    await screenshot(page, shot("05-daily-coins"));
    await expectNoSeriousA11yViolations(page, `${lng} daily coin dialog`);
    await redeem.click();
    await page.getByTestId("redeem-message").waitFor();
    expect(await page.getByTestId("redeem-message-text").textContent()).toBe(
      t("coins:redeem.success", { added: 20, credits: startCoins + 60 }),
    );
    await waitForCoins(page, startCoins + 60);
    await screenshot(page, shot("06-redeemed"));
    await page
      .getByTestId("redeem-message")
      .getByRole("button", { name: t("common:ok") })
      .click();
    await page.getByTestId("coin-button").click();
    await expect.poll(() => page.getByTestId("redeem-button").isDisabled()).toBe(true);
    expect(await page.getByTestId("redeem-countdown").textContent()).toMatch(/\d/);
    await page.keyboard.press("Escape");

    // Read a notification: the bell marks unread; closing the modal marks it received.
    await page.getByTestId("unread-bell").waitFor();
    await userMenu.click();
    await screenshot(page, shot("07-notifications"));
    await expectNoSeriousA11yViolations(page, `${lng} user menu`);
    await page.getByTestId("notification-free-credit").click();
    await page.getByTestId("free-credit-modal").waitFor();
    await page
      .getByTestId("free-credit-modal")
      .getByRole("button", { name: t("common:close") })
      .first()
      .click();
    await expect.poll(() => page.getByTestId("unread-bell").count()).toBe(0);
    await page.reload();
    await expect.poll(() => userMenu.textContent()).toMatch(/ana|li/);
    expect(await page.getByTestId("unread-bell").count()).toBe(0);
    await waitForCoins(page, startCoins + 60);

    // Log out: the user is anonymous again, nothing stays in storage.
    await userMenu.click();
    await page.getByTestId("logout").click();
    await expect.poll(() => userMenu.textContent()).toContain(t("nav:user.signup"));
    expect(await coinCount(page)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.waitForURL((u) => u.pathname === "/");
    await screenshot(page, shot("08-logged-out"));

    // Log back in: the exact message, /app after 0.5 s, the coins are still there.
    await userMenu.click();
    await page.getByRole("menuitem", { name: t("nav:user.login") }).click();
    const login = page.getByTestId("login-modal");
    await login.locator('input[name="userEmail"]').fill(email);
    await login.locator('input[name="password"]').fill("correct horse battery");
    await login.getByTestId("auth-submit").click();
    await expect.poll(bannerText).toBe(t("auth:loginSuccess"));
    await page.waitForURL("**/app", { timeout: 5000 });
    await waitForCoins(page, startCoins + 60);
    await screenshot(page, shot("09-logged-in-app"));
    await expectNoSeriousA11yViolations(page, `${lng} /app signed in`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
