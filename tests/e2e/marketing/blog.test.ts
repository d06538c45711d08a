// The blog: an index of real articles, tag pages, an article with the engine's before/after
// examples and its Markdown body, in English and Chinese, and an RSS feed.
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/app.ts";
import { browserPerSuite, screenshot } from "../support/browser.ts";

const suite = browserPerSuite();
const { baseURL } = suite;

describe("blog", () => {
  it("lists at least 8 articles; a tag filters them; an article reads whole", async () => {
    const { context, page } = await suite.hydratedPage("/blog", { locale: "en-US" });
    const articles = page.locator("main article");
    expect(await articles.count()).toBeGreaterThanOrEqual(8);
    await expectNoSeriousA11yViolations(page, "/blog");

    await page
      .getByRole("navigation", { name: "Tags" })
      .getByRole("link", { name: "Video" })
      .click();
    await page.waitForURL("**/blog/tags/video");
    await page.getByRole("heading", { level: 1, name: /Video/ }).waitFor();
    const tagged = await articles.count();
    expect(tagged).toBeGreaterThan(0);
    expect(tagged).toBeLessThan(8);

    await articles.first().getByRole("link").last().click();
    await page.waitForURL("**/blog/product-video");
    await page.locator(".blog-body h2").first().waitFor();
    expect(await page.locator(".blog-body h2").count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator("[data-example-set] img").count()).toBeGreaterThanOrEqual(5);
    expect(await page.title()).toContain("Product videos for sellers");
    await screenshot(page, "marketing-blog-post-1280", true);
    await expectNoSeriousA11yViolations(page, "a blog post");
    await context.close();
  });

  it("an article is whole without JavaScript, in Chinese too", async () => {
    const context = await suite.browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/zh/blog/seasonal-campaigns");
    expect(await page.locator("h1").textContent()).toContain("节日营销");
    expect(await page.locator(".blog-body").textContent()).toContain("提前六周规划");
    expect(
      await page.locator('meta[property="article:published_time"]').getAttribute("content"),
    ).toBe("2026-10-28");
    await context.close();
  });

  it("has an RSS feed per language", async () => {
    const res = await fetch(`${baseURL}/blog/rss.xml`);
    expect(res.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await res.text();
    expect((xml.match(/<item>/g) ?? []).length).toBeGreaterThanOrEqual(8);
    expect(xml).toContain(`<link>${baseURL}/blog/lighting-for-product-photos</link>`);
    const zh = await (await fetch(`${baseURL}/zh/blog/rss.xml`)).text();
    expect(zh).toContain("<language>zh-CN</language>");
  });
});
