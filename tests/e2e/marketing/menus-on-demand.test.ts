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
    // the prerendered button does nothing until React has taken the page over: a key pressed
    // earlier reaches no handler (a loaded CI box once hydrated after the test's Enter)
    const { context, page } = await suite.hydratedPage("/blog", {
      locale: "en-US",
      width: 1280,
      height: 900,
    });
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

  it("a press during which the library arrives still opens the menu", async () => {
    // The app's pages fetch the library 2.5 s after they settle: a click at that moment met
    // the real button at its release, and the browser fired no click (a CI flake, and a lost
    // click for a visitor). Here the library's download is held until the button is pressed.
    const { context, page } = await suite.hydratedPage("/blog", {
      locale: "en-US",
      width: 1280,
      height: 900,
    });
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/*.js", async (route) => {
      await held;
      await route.continue();
    });
    const switcher = page.getByTestId("language-switcher");
    const box = await switcher.boundingBox();
    if (!box) throw new Error("the language switcher is not on the page");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    // the real button has replaced the plain one while the press is held
    await page.locator('[data-testid="language-switcher"][data-headlessui-state]').waitFor();
    await page.mouse.up();
    await page.getByRole("menuitem").first().waitFor();
    expect(await switcher.getAttribute("aria-expanded")).toBe("true");
    await context.close();
  });
});
