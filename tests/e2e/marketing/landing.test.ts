// Every landing page has its own copy and examples; the Amazon page's
// main-image checker works on one uploaded photo, in the visitor's language.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/app.ts";
import { browserPerSuite, screenshot } from "../support/browser.ts";
import { strings } from "../support/strings.ts";

const suite = browserPerSuite();
const { baseURL } = suite;

const t = strings("en-US");
const landingEn = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, "../../../apps/web/src/i18n/locales/en-US/landing.json"),
    "utf8",
  ),
) as { pages: Record<string, { points: Record<string, string> }> };
const slugs = Object.keys(landingEn.pages);

/** A product (a dark box) on pure white, filling `fill` of the frame. */
async function mainImage(side: number, fill: number) {
  const box = Math.round(side * fill);
  const product = await sharp({
    create: { width: box, height: box, channels: 3, background: { r: 40, g: 70, b: 140 } },
  })
    .png()
    .toBuffer();
  const off = Math.round((side - box) / 2);
  return sharp({
    create: { width: side, height: side, channels: 3, background: "#ffffff" },
  })
    .composite([{ input: product, left: off, top: off }])
    .png()
    .toBuffer();
}

describe("landing pages", () => {
  it("the spec's 20 pages each have their own title, copy and points", async () => {
    expect(slugs.length).toBe(20);
    const titles = new Set<string>();
    for (const slug of slugs) {
      const html = await (await fetch(`${baseURL}/create/${slug}`)).text();
      const h1 = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1] ?? "";
      titles.add(h1);
      for (const point of Object.values(landingEn.pages[slug]?.points ?? {}))
        expect(html, `${slug}: ${point}`).toContain(point.replace(/'/g, "&#x27;"));
    }
    expect(titles.size).toBe(20);
  });

  it("the Amazon checker passes a compliant photo and explains a failing one", async () => {
    const { context, page } = await suite.hydratedPage("/create/amazon-product-photography", {
      locale: "en-US",
    });
    const checker = page.getByTestId("amazon-checker");
    const input = page.getByTestId("amazon-checker-input");

    await input.setInputFiles({
      name: "main.png",
      mimeType: "image/png",
      buffer: await mainImage(1200, 0.9),
    });
    await expect
      .poll(() => page.getByTestId("amazon-checker-verdict").textContent())
      .toBe(t("landing:checker.pass"));
    expect(await checker.locator('[data-ok="false"]').count()).toBe(0);

    await input.setInputFiles({
      name: "small.png",
      mimeType: "image/png",
      buffer: await mainImage(600, 0.5),
    });
    await expect
      .poll(() => page.getByTestId("amazon-checker-verdict").textContent())
      .toBe(t("landing:checker.fail"));
    expect(await checker.locator('[data-rule="size"]').getAttribute("data-ok")).toBe("false");
    expect(await checker.locator('[data-rule="fill"]').getAttribute("data-ok")).toBe("false");
    expect(await checker.locator('[data-rule="white"]').getAttribute("data-ok")).toBe("true");
    await screenshot(page, "marketing-amazon-checker-1280");
    await expectNoSeriousA11yViolations(page, "the Amazon checker");

    await input.setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hi"),
    });
    await expect
      .poll(() => checker.getByRole("alert").textContent())
      .toBe(t("landing:checker.badType"));
    await context.close();
  });

  it("the checker speaks Chinese on the Chinese page, at 375 px", async () => {
    const zh = strings("zh-CN");
    const { context, page } = await suite.hydratedPage("/zh/create/amazon-product-photography", {
      locale: "zh-CN",
      width: 375,
    });
    await page.getByTestId("amazon-checker-input").setInputFiles({
      name: "main.png",
      mimeType: "image/png",
      buffer: await mainImage(1200, 0.9),
    });
    await expect
      .poll(() => page.getByTestId("amazon-checker-verdict").textContent())
      .toBe(zh("landing:checker.pass"));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, "marketing-amazon-checker-375", true);
    await context.close();
  });
});
