// The examples on the marketing pages are the engine's real results: each set shows the
// original photo beside what was made from it, and every image loads.
import { describe, expect, it } from "vitest";
import { browserPerSuite } from "../support/browser.ts";

const suite = browserPerSuite();

describe("example photos", () => {
  it.each([
    "/?variant=a",
    "/create/food-product-photography",
    "/create/amazon-product-photography",
  ])("%s shows originals beside results, all loaded", async (url) => {
    const { context, page } = await suite.hydratedPage(url, { locale: "en-US" });
    const sets = page.locator("[data-example-set]");
    expect(await sets.count()).toBeGreaterThan(0);
    // bring every lazy image in
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    for (const set of await sets.all()) {
      const images = set.locator("img");
      expect(await images.count()).toBeGreaterThanOrEqual(2);
      const srcs = await images.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).src));
      expect(srcs[0]).toContain("/examples/originals/");
      for (const src of srcs.slice(1)) expect(src).toMatch(/\/examples\/\w+\/[\w-]+-\d+\.webp$/);
    }
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll("[data-example-set] img")).every(
          (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
        ),
      undefined,
      { timeout: 15_000 },
    );
    await context.close();
  });
});
