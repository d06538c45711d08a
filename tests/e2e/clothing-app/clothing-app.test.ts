// The Clothing app on the real server, in Chromium: a new seller claims the Fashion trial,
// uploads a garment photo on a hanger, sees models need a backend (none is configured here),
// makes four dress-form photos, downloads one and the ZIP; the history keeps them; then the
// page at 375 px in English and Chinese.
import { describe, expect, it } from "vitest";
import { downloadOneAndAll, imagesLoaded, signUpByApi } from "../product-app/studio-steps.ts";
import { expectNoSeriousA11yViolations } from "../support/app.ts";
import { browserPerSuite, fullPageShot } from "../support/browser.ts";
import { strings } from "../support/strings.ts";
import { garmentPhotoPng } from "./garment-photo.ts";

const suite = browserPerSuite();
const { baseURL } = suite;

const t = strings("en-US");
let token = "";

describe("clothing app", () => {
  it("trial → garment upload → dress form ×4 → download → history", async () => {
    token = await signUpByApi(baseURL, "fashion");
    const trial = await fetch(`${baseURL}/api/clothing-trial`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ shareUrl: "https://www.instagram.com/p/e2e/" }),
    });
    expect(trial.status).toBe(200);

    const page = await suite.signedInPage(token, { locale: "en-US", width: 1280 });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/clothing-app");
    await page.getByRole("heading", { level: 1, name: t("apps:clothing.title") }).waitFor();
    // no try-on backend on this server: said plainly, the model style cannot be picked
    expect(await page.getByTestId("tryon-unavailable").textContent()).toBe(
      t("clothing-app:tryOn.unavailable"),
    );
    expect(
      await page.locator('[data-testid="style-picker"] input[value="model"]').isDisabled(),
    ).toBe(true);
    await expect
      .poll(() => page.getByTestId("clothing-plan").textContent())
      .toBe(t("clothing-app:plan.trial", { count: 150 }));

    await page.getByTestId("photo-input").setInputFiles({
      name: "tee-on-hanger.png",
      mimeType: "image/png",
      buffer: await garmentPhotoPng(),
    });
    await page.getByTestId("cutout").waitFor({ timeout: 90_000 });
    await page.getByTestId("cutout-ready").waitFor({ timeout: 90_000 });
    await page.locator('[data-testid="style-picker"] [data-value="dress-form"]').click();
    await fullPageShot(page, "clothing-app-1280-ready");
    await expectNoSeriousA11yViolations(page, "clothing app, ready");

    await page.getByTestId("generate").click();
    await page.getByTestId("results").or(page.getByTestId("live-status")).first().waitFor();
    await imagesLoaded(page, "result-image", 4);
    const size = await page
      .getByTestId("result-image")
      .first()
      .evaluate((i) => [
        (i as HTMLImageElement).naturalWidth,
        (i as HTMLImageElement).naturalHeight,
      ]);
    expect(size[0]! / size[1]!).toBeCloseTo(0.8, 2); // catalogue portrait, 4:5
    await expect
      .poll(() => page.getByTestId("detected-kind").textContent())
      .toBe(t("clothing-app:kind.detected", { kind: t("clothing-app:kind.top") }));
    await fullPageShot(page, "clothing-app-1280-results");
    await expectNoSeriousA11yViolations(page, "clothing app, results");

    await downloadOneAndAll(page);
    await expect.poll(() => page.getByTestId("history-item").count()).toBe(1);
    expect(await page.getByTestId("history-item").textContent()).toContain(
      t("clothing-app:style.dress-form"),
    );
    // the trial counted four downloads, and no coins were spent
    await expect
      .poll(() => page.getByTestId("clothing-plan").textContent())
      .toBe(t("clothing-app:plan.trial", { count: 146 }));
    // the Product app's history does not show clothing photos
    await page.goto("/app");
    await page.getByRole("heading", { level: 1, name: t("product-app:title") }).waitFor();
    await page.locator("#history-title").waitFor();
    await expect.poll(() => page.getByTestId("history-item").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each(["en-US", "zh-CN"] as const)("%s at 375 px: one column, the history", async (lng) => {
    expect(token).not.toBe("");
    const tl = strings(lng);
    const page = await suite.signedInPage(token, { locale: lng, width: 375, height: 812 });
    await page.goto("/clothing-app");
    await page.getByRole("heading", { level: 1, name: tl("apps:clothing.title") }).waitFor();
    await expect.poll(() => page.getByTestId("history-item").count()).toBe(1);
    // the thumbnails load lazily: bring the history into view first
    await page.locator("#history-title").scrollIntoViewIfNeeded();
    await imagesLoaded(page, "history-thumb", 4);
    await fullPageShot(page, `clothing-app-375-${lng}`);
    // the app's own content (the shell's top bar is tested by tests/e2e/phone)
    const wide = await page.evaluate(() =>
      Array.from(document.querySelectorAll("main *"))
        .filter((e) => e.getBoundingClientRect().right > 376)
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className}`.slice(0, 120)),
    );
    expect(wide, "elements wider than the phone").toEqual([]);
    await expectNoSeriousA11yViolations(page, `clothing app ${lng} 375px`);
    await page.context().close();
  });
});
