// The top bar's menus load Headless UI when first wanted (apps/web/src/shell/menu-kit.tsx):
// a marketing page hydrates without it, and a menu still opens on the first click, or from
// the keyboard with the focus where it should be.
import { describe, expect, it } from "vitest";
import { browserPerSuite } from "../support/browser.ts";

const suite = browserPerSuite();

describe("menus on demand", () => {
  it("the home page loads no menu library until a menu is wanted; the first click opens it", async () => {
    const context = await suite.context({
      locale: "en-US",
      width: 1280,
      height: 900,
    });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.locator("html[data-hydrated]").waitFor();
    const before = new Set(scripts);
    const products = page.getByTestId("menu-products");
    await products.click();
    await page.getByRole("menuitem", { name: /Clothing App/ }).waitFor();
    const loadedByClick = scripts.filter((s) => !before.has(s));
    expect(loadedByClick.length).toBeGreaterThan(0); // the library came with the click
    expect(await products.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await context.close();
  });

  it("opens from the keyboard before the library is there, and gives the focus back", async () => {
    const context = await suite.context({
      locale: "en-US",
      width: 1280,
      height: 900,
    });
    const page = await context.newPage();
    await page.goto("/blog");
    // the prerendered button does nothing until React has taken the page over: a key pressed
    // earlier reaches no handler (a loaded CI box once hydrated after the test's Enter)
    await page.locator("html[data-hydrated]").waitFor();
    const switcher = page.getByTestId("language-switcher");
    await switcher.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await menu.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null))
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("language-switcher");
    await context.close();
  });
});
