// The marketing pages in every published language: the language in the address (with
// hreflang), detection from the browser, the switcher listing them all, and numbers,
// currencies, dates and plurals in each language's own forms (Intl).
import { describe, expect, it } from "vitest";
import { localePath, MarketingLanguages } from "../../../apps/web/src/i18n/url-language.ts";
import { browserPerSuite, screenshot } from "../support/browser.ts";

const suite = browserPerSuite();
const { baseURL } = suite;

describe("marketing languages", () => {
  it.each([...MarketingLanguages])(
    "%s: home, a landing page and a post are in that language",
    async (lng) => {
      for (const rest of ["/", "/create/bag-product-photography", "/blog/product-video"]) {
        const url = localePath(lng, rest);
        const res = await fetch(`${baseURL}${url}`);
        expect(res.status, url).toBe(200);
        const html = await res.text();
        expect(html).toContain(`<html lang="${lng}">`);
        for (const other of MarketingLanguages)
          expect(html).toContain(`hreflang="${other}" href="${baseURL}${localePath(other, rest)}"`);
      }
    },
  );

  it("a Spanish browser is sent to the Spanish pages and sees Spanish formats", async () => {
    // the browser's language becomes its Accept-Language header
    const context = await suite.browser.newContext({ baseURL, locale: "es-ES" });
    const page = await context.newPage();
    await page.goto("/?variant=a");
    expect(new URL(page.url()).pathname).toBe("/es");
    await page.locator("html[data-hydrated]").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    const main = (await page.locator("main").textContent()) ?? "";
    expect(main).toContain("Fotos de estudio de tu producto");
    // Intl: Spanish grouping and the dollar after the amount
    expect(main).toContain(new Intl.NumberFormat("es").format(500000));
    expect(main).toContain(
      new Intl.NumberFormat("es", { style: "currency", currency: "USD" }).format(9.99),
    );
    await screenshot(page, "marketing-es-home-1280");

    await page.goto("/es/blog");
    const date = new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date("2026-11-18T00:00:00Z"),
    );
    expect(await page.locator("main").textContent()).toContain(date);
    expect(await page.locator("main").textContent()).toMatch(/\d+ min de lectura/);
    await context.close();
  });

  it("the switcher lists every language on marketing pages and keeps the page", async () => {
    const { context, page } = await suite.hydratedPage("/create/bag-product-photography", {
      locale: "en-US",
      width: 375,
    });
    await page.getByTestId("language-switcher").click();
    const items = page.getByRole("menuitem");
    await items.first().waitFor(); // the menu opens once its library has arrived (menu-kit)
    expect(await items.count()).toBe(MarketingLanguages.length);
    await screenshot(page, "marketing-language-menu-375");
    await items.filter({ hasText: "Español" }).click();
    await page.waitForURL((u) => u.pathname === "/es/create/bag-product-photography");
    await expect
      .poll(() => page.getByTestId("landing-title").textContent())
      .toContain("Fotografía de bolsos");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await context.close();
  });

  it("the app's interface speaks the browser's language too: German at 1280 px, Japanese at 375 px", async () => {
    const de = await suite.context({ locale: "de-DE", width: 1280 });
    const page = await de.newPage();
    await page.goto("/app");
    await page.getByRole("heading", { name: "Produkt-App", level: 1 }).waitFor();
    expect(await page.locator("header").textContent()).toContain("Preise");
    await page.getByText("Leg dein Produktfoto hier ab").waitFor();
    await screenshot(page, "app-de-1280");
    // the switcher offers all fifteen on the app's pages as well
    await page.getByTestId("language-switcher").click();
    await page.getByRole("menuitem").first().waitFor();
    expect(await page.getByRole("menuitem").count()).toBe(MarketingLanguages.length);
    await de.close();

    const ja = await suite.context({ locale: "ja-JP", width: 375 });
    const phone = await ja.newPage();
    await phone.goto("/app");
    await phone.getByRole("heading", { name: "商品アプリ", level: 1 }).waitFor();
    await phone.getByTestId("mobile-menu").click();
    await phone.getByRole("menuitem", { name: "料金" }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await screenshot(phone, "app-ja-375-menu");
    await ja.close();
  });
});
