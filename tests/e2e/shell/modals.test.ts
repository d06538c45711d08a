// Modals trap focus, close on Escape, carry a name, and give focus back to what opened them.
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/app.ts";
import { browserPerSuite, type Page, screenshot } from "../support/browser.ts";

const suite = browserPerSuite();

const focusInsideDialog = (page: Page) =>
  page.evaluate(() => {
    const panel = document.querySelector('[role="dialog"]');
    return !!panel && panel.contains(document.activeElement);
  });

async function checkModal(page: Page, open: () => Promise<void>, opener: string, name: string) {
  await open();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("heading").first().waitFor();
  expect(await dialog.getAttribute("aria-labelledby")).toBeTruthy();
  expect(await focusInsideDialog(page)).toBe(true);
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press(i % 5 === 4 ? "Shift+Tab" : "Tab");
    expect(await focusInsideDialog(page), `focus escaped after ${i + 1} tabs`).toBe(true);
  }
  await screenshot(page, `modal-${name}`);
  await expectNoSeriousA11yViolations(page, `${name} modal`);
  await page.keyboard.press("Escape");
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  await expect
    .poll(() =>
      page.evaluate((id) => document.activeElement?.getAttribute("data-testid") === id, opener),
    )
    .toBe(true);
}

describe("modals", () => {
  it("signup and pricing trap focus, close on Escape and give focus back", async () => {
    // a click before hydration lands on the prerendered page and does nothing
    const { context, page } = await suite.hydratedPage("/", { locale: "en-US" });
    await page.getByTestId("hero-cta").waitFor();
    await checkModal(page, () => page.getByTestId("hero-cta").click(), "hero-cta", "signup");
    await checkModal(
      page,
      () => page.getByTestId("pricing-button").click(),
      "pricing-button",
      "pricing",
    );
    await context.close();
  });

  it("an anonymous coin click asks for a login and records 'blocked no login'", async () => {
    // a click before hydration lands on the prerendered page and does nothing
    const { context, page } = await suite.hydratedPage("/", { locale: "en-US" });
    const event = page.waitForResponse((r) => r.url().includes("/api/analytics"));
    await page.getByTestId("coin-button").click();
    const res = await event;
    const url = new URL(res.url());
    expect(url.searchParams.get("key")).toBe("blocked no login");
    expect(JSON.parse(url.searchParams.get("value") ?? "{}")).toEqual({ action: "daily-coins" });
    expect(res.status()).toBeLessThan(300);
    await page.getByTestId("login-modal").waitFor();
    await context.close();
  });

  it("the language switcher turns the page and its modals Chinese", async () => {
    // a click before hydration lands on the prerendered page and does nothing
    const { context, page } = await suite.hydratedPage("/", { locale: "en-US" });
    await page.getByTestId("language-switcher").click();
    await page.getByRole("menuitem", { name: "简体中文" }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
    await expect.poll(() => page.getByTestId("user-menu").textContent()).toContain("注册");
    // the modal strings come from the Chinese 'more' chunk
    await page.getByTestId("pricing-button").click();
    await page.getByRole("dialog").getByRole("heading", { name: "选择你的套餐" }).waitFor();
    await page.keyboard.press("Escape");
    // and the choice survives a reload
    await page.reload();
    await expect.poll(() => page.getByTestId("user-menu").textContent()).toContain("注册");
    await context.close();
  });

  it("the pricing table on a phone", async () => {
    const context = await suite.context({
      locale: "zh-CN",
      width: 375,
      height: 740,
    });
    const page = await context.newPage();
    await page.goto("/clothing-app");
    await page.getByRole("button", { name: "时尚版套餐" }).click();
    await page.getByTestId("pricing-table").waitFor();
    expect(await page.getByTestId("pricing-tab-clothing").getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await screenshot(page, "phone-375-pricing-zh");
    await expectNoSeriousA11yViolations(page, "phone pricing");
    await context.close();
  });
});
