// Marketing pages are whole without JavaScript (what crawlers and link previews see), carry
// their search and preview tags, and hydrate without a mismatch when JavaScript runs.
import { describe, expect, it } from "vitest";
import { browserPerSuite, screenshot } from "../support/browser.ts";

const suite = browserPerSuite();
const { baseURL } = suite;

const pages = [
  { url: "/", lang: "en-US", h1: /Studio photos of your product|Four catalogue photos/ },
  { url: "/zh", lang: "zh-CN", h1: /几秒钟|一张随手拍/ },
  { url: "/blog", lang: "en-US", h1: /Blog/ },
  { url: "/create/dress-photography", lang: "en-US", h1: /Dress photography/ },
  { url: "/zh/create/amazon-product-photography", lang: "zh-CN", h1: /亚马逊/ },
];

describe("prerendered marketing pages", () => {
  it.each(pages)("$url reads whole with JavaScript off", async ({ url, lang, h1 }) => {
    const context = await suite.browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(url);
    expect(res?.status()).toBe(200);
    expect(await page.locator("html").getAttribute("lang")).toBe(lang);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(h1);
    // the whole page is there: navigation, sections, footer
    expect(await page.locator("main h2, main article").count()).toBeGreaterThan(0);
    expect(await page.locator("footer a").count()).toBeGreaterThan(5);

    const head = page.locator("head");
    const canonical = await head.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toBe(`${baseURL}${url}`);
    const alternates = await head
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("hreflang")));
    expect(alternates).toEqual(expect.arrayContaining(["en-US", "zh-CN", "x-default"]));
    const description = await head.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeGreaterThan(10);
    for (const property of ["og:title", "og:description", "og:url", "og:image"]) {
      expect(
        await head.locator(`meta[property="${property}"]`).getAttribute("content"),
      ).toBeTruthy();
    }
    expect(await head.locator('meta[name="twitter:card"]').getAttribute("content")).toBe(
      "summary_large_image",
    );
    const image = await head.locator('meta[property="og:image"]').getAttribute("content");
    const preview = await fetch(image ?? "");
    expect(preview.headers.get("content-type")).toBe("image/jpeg");
    expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    if (url === "/") await screenshot(page, "marketing-no-js-home", true);
    await context.close();
  });

  it("hydrates without errors and stays interactive", async () => {
    const context = await suite.browser.newContext({ baseURL, locale: "en-US" });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto("/create/dress-photography");
    await page.getByTestId("promo-banner").waitFor();
    // the promo banner's timer only runs once React has taken the page over
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="promo-banner"]')?.getAttribute("data-slide") === "1",
      undefined,
      { timeout: 6000 },
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sitemap.xml lists every page in both languages; robots.txt points to it", async () => {
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseURL}/create/dress-photography</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/zh/blog</loc>`);
    expect(sitemap).toContain('hreflang="zh-CN"');
    const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  it("a Chinese browser arriving at an English address gets the Chinese page", async () => {
    const context = await suite.browser.newContext({ baseURL, locale: "zh-CN" });
    const page = await context.newPage();
    await page.goto("/blog");
    expect(new URL(page.url()).pathname).toBe("/zh/blog");
    await page.locator("html[data-hydrated]").waitFor();
    // choosing English sticks: the switcher saves the choice
    await page.getByTestId("language-switcher").click();
    await page.getByRole("menuitem", { name: "English" }).click();
    await page.waitForURL((u) => u.pathname === "/blog");
    await page.locator('html[lang="en-US"]').waitFor();
    await page.goto("/create/dress-photography");
    expect(new URL(page.url()).pathname).toBe("/create/dress-photography");
    expect(await page.locator("html").getAttribute("lang")).toBe("en-US");
    await context.close();
  });
});
