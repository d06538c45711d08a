// Every route the web app has shows a real page (a heading, no blank), passes axe-core,
// and the promo banner rotates on marketing pages.
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/app.ts";
import { browserPerSuite, screenshot } from "../support/browser.ts";

const suite = browserPerSuite();

const routes = [
  "/",
  "/app",
  "/clothing-app",
  "/video-app",
  "/form",
  "/blog",
  "/create/amazon-product-photography",
  "/create/skincare-product-photography",
  "/stripe-checkout?type=PRODUCT_MONTHLY",
  "/wechat-pay-checkout?type=IMAGES_32",
  "/no-such-page",
];

describe("routes", () => {
  it.each(routes)("%s shows a page", async (route) => {
    const context = await suite.context({ locale: "en-US" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(route);
    const h1 = page.getByRole("heading", { level: 1 });
    await h1.waitFor();
    expect((await h1.textContent())?.trim().length).toBeGreaterThan(3);
    await screenshot(page, `route${route.replace(/[^\w]+/g, "-")}`);
    await expectNoSeriousA11yViolations(page, route);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a landing group opens one of its pages at random", async () => {
    const context = await suite.context({ locale: "en-US" });
    const page = await context.newPage();
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await page.goto("/create/clothing");
      await page.getByTestId("landing-title").waitFor();
      seen.add(new URL(page.url()).pathname);
    }
    for (const p of seen) expect(p).toMatch(/^\/create\/[\w-]+$/);
    expect(seen.size).toBeGreaterThan(1);
    await context.close();
  });

  it("the promo banner rotates every 4 s", async () => {
    // the timer starts when React takes the prerendered page over, which a loaded box delays
    const { context, page } = await suite.hydratedPage("/blog", { locale: "en-US" });
    const banner = page.getByTestId("promo-banner");
    expect(await banner.getAttribute("data-slide")).toBe("0");
    await page.locator('[data-testid="promo-banner"][data-slide="1"]').waitFor({ timeout: 8000 });
    await banner.getByRole("link").click();
    await page.waitForURL("**/video-app");
    await context.close();
  });
});
