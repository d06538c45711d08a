// The Product app on the real server, in Chromium: sign up, claim the daily coins, upload a
// photo and see it cut out, generate four, watch them arrive, view them in the lightbox,
// download one and the ZIP, coins down by four; then the same page at 375 px and in Chinese.
import { describe, expect, it } from "vitest";
import { coinCount, expectNoSeriousA11yViolations, waitForCoins } from "../support/app.ts";
import { browserPerSuite, fullPageShot, screenshot } from "../support/browser.ts";
import { strings } from "../support/strings.ts";
import { productPhotoPng } from "./product-photo.ts";
import {
  claimDailyCoins,
  deliverImage,
  downloadOneAndAll,
  imagesLoaded,
  signUpInModal,
} from "./studio-steps.ts";

const suite = browserPerSuite();

const t = strings("en-US");
let token = "";

describe("product app", () => {
  it("signup → daily coins → upload → generate four → lightbox → download → coins −4", async () => {
    const context = await suite.context({ locale: "en-US" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const requests: string[] = [];
    page.on("request", (r) => requests.push(new URL(r.url()).pathname));

    // Anonymous: the button asks to sign up, and a click opens signup.
    await page.goto("/app");
    await page.getByRole("heading", { level: 1, name: t("product-app:title") }).waitFor();
    const generate = page.getByTestId("generate");
    await expect.poll(() => generate.textContent()).toContain(t("common:signupToUnlock"));
    expect(await page.getByTestId("login-hint").textContent()).toBe(t("common:pleaseLogin"));
    await screenshot(page, "product-app-01-anonymous");
    await expectNoSeriousA11yViolations(page, "product app, anonymous");
    await page.getByRole("button", { name: t("product-app:prompt.s2") }).click();
    await generate.click();
    await signUpInModal(page, "seller");

    await page.goto("/app");
    const start = await claimDailyCoins(page);
    expect(start).toBeGreaterThanOrEqual(20);
    await expect
      .poll(() => generate.textContent())
      .toContain(t("product-app:generate.buttonMany", { count: 4 }));
    expect(await page.getByTestId("generate-cost").textContent()).toContain(
      t("product-app:generate.costMany", { count: 4 }),
    );

    // Nothing to work with: the no-image-or-text dialog.
    await generate.click();
    await page.getByTestId("no-image-or-text").waitFor();
    expect(await page.getByTestId("no-image-or-text").textContent()).toContain(
      t("modals:noImageOrText.text"),
    );
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // Upload: the cut-out appears on its checkerboard.
    await page.getByTestId("photo-input").setInputFiles({
      name: "bottle.png",
      mimeType: "image/png",
      buffer: await productPhotoPng(),
    });
    await page.getByTestId("cutout").waitFor({ timeout: 90_000 });
    await imagesLoaded(page, "cutout", 1);
    await page.getByTestId("cutout-ready").waitFor();

    // One reference image is the free plan's limit: a second one is refused with the modal.
    const reference = {
      name: "mood.png",
      mimeType: "image/png",
      buffer: await productPhotoPng(300, 300),
    };
    await page.getByTestId("reference-input").setInputFiles(reference);
    await page.locator('[data-testid="reference"][data-ready="true"]').waitFor();
    await page.getByTestId("reference-input").setInputFiles(reference);
    await expect
      .poll(() => page.getByTestId("reference-error").textContent())
      .toBe(t("product-app:references.tooMany"));
    await page.getByTestId("reference-limit").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(await page.getByTestId("reference").count()).toBe(1);

    // A suggestion fills the prompt; a template and a preset are chosen by keyboard-reachable radios.
    // the engine's reading of a typed prompt, from the real server: what it will build and
    // the words it cannot
    await page.getByTestId("prompt").fill("flat lay on pink paper with flowers and a unicorn");
    await expect
      .poll(() => page.getByTestId("prompt-plan").textContent())
      .toContain(t("product-app:brief.camera.top-down"));
    expect(await page.getByTestId("prompt-plan").textContent()).toContain(
      t("product-app:brief.prop.flowers"),
    );
    expect(await page.getByTestId("prompt-unused").textContent()).toContain("unicorn");
    // a product that stands on the floor: the set is built at its size, and the hint says so
    await page.getByTestId("prompt").fill("grey sofa in a bright living room");
    await expect
      .poll(() => page.getByTestId("prompt-plan").textContent())
      .toContain(t("product-app:brief.stands.floor"));
    await page.getByRole("button", { name: t("product-app:prompt.s1") }).click();
    expect(await page.getByTestId("prompt").inputValue()).toBe(t("product-app:prompt.s1"));
    const gallery = page.getByTestId("template-gallery");
    await gallery.locator("[data-template]").first().click();
    const first = await gallery.locator("input:checked").getAttribute("value");
    expect(first).toBeTruthy();
    // keyboard: the arrow moves the choice to the next template
    await gallery.locator("input:checked").focus();
    await page.keyboard.press("ArrowRight");
    const second = await gallery.locator("input:checked").getAttribute("value");
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    await page.locator('[data-preset="instagram"]').click();
    expect(await page.locator('[data-preset="instagram"] input').isChecked()).toBe(true);
    await page.locator('[data-preset="web"]').click();
    await fullPageShot(page, "product-app-02-ready");
    await expectNoSeriousA11yViolations(page, "product app, ready to generate");

    // Generate: live status and skeletons, then four photos; coins down by four.
    await generate.click();
    await page.getByTestId("results").or(page.getByTestId("live-status")).first().waitFor();
    await waitForCoins(page, start - 4);
    if (await page.getByTestId("live-status").isVisible()) {
      expect(await page.getByTestId("status-text").textContent()).toBeTruthy();
      await page.waitForTimeout(700); // the results scroll into view smoothly
      await screenshot(page, "product-app-03-waiting");
    }
    await imagesLoaded(page, "result-image", 4);
    expect(await coinCount(page)).toBe(start - 4);
    // live updates came over server-sent events, not polling
    expect(requests.some((p) => /^\/api\/generations\/[\w-]+\/events$/.test(p))).toBe(true);
    expect(requests.filter((p) => p === "/api/check-position")).toEqual([]);
    await fullPageShot(page, "product-app-04-results");
    await expectNoSeriousA11yViolations(page, "product app, results");

    // Lightbox: arrows step, Escape closes and focus comes back.
    await page.getByRole("button", { name: t("product-app:results.open", { index: 1 }) }).click();
    const title = page.getByTestId("lightbox-title");
    await expect
      .poll(() => title.textContent())
      .toBe(t("product-app:lightbox.label", { index: 1, count: 4 }));
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => title.textContent())
      .toBe(t("product-app:lightbox.label", { index: 2, count: 4 }));
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect
      .poll(() => title.textContent())
      .toBe(t("product-app:lightbox.label", { index: 4, count: 4 }));
    await imagesLoaded(page, "lightbox-image", 1);
    await screenshot(page, "product-app-05-lightbox");
    await expectNoSeriousA11yViolations(page, "lightbox");
    // focus stays inside while it is open
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() => !!document.activeElement?.closest('[data-testid="lightbox"]')),
    ).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("lightbox").count()).toBe(0);

    // Download one photo, then all as a ZIP.
    const { one } = await downloadOneAndAll(page);
    expect(one.suggestedFilename()).toMatch(/^photoshoot-[0-9a-f]{8}-1\.(jpg|png|webp)$/);

    // History lists it; coins stay down by exactly four.
    await expect.poll(() => page.getByTestId("history-item").count()).toBe(1);
    await waitForCoins(page, start - 4);
    token = (await page.evaluate(() => localStorage.getItem("token"))) ?? "";
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ["en-US", 375],
    ["zh-CN", 375],
  ] as const)("%s at %i px: one column, history, regenerate and delete", async (lng, width) => {
    expect(token).not.toBe("");
    const tl = strings(lng);
    const context = await suite.context({ locale: lng, width, height: 812 });
    await context.addInitScript((tok) => {
      if (!localStorage.getItem("token")) localStorage.setItem("token", tok);
    }, token);
    const page = await context.newPage();
    await page.goto("/app");
    await page.getByRole("heading", { level: 1, name: tl("product-app:title") }).waitFor();
    await expect.poll(() => page.getByTestId("history-item").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.locator("#history-title").scrollIntoViewIfNeeded();
    await imagesLoaded(page, "history-thumb", 4);
    await fullPageShot(page, `product-app-375-${lng}`);
    await expectNoSeriousA11yViolations(page, `product app ${lng} ${width}px`);
    // the prompt's reading fits a phone in both languages
    await page
      .getByTestId("prompt")
      .fill(
        lng === "en-US"
          ? "grey sofa in a living room with flowers, unicorn"
          : "灰色沙发，客厅，鲜花，独角兽",
      );
    await page.getByTestId("prompt-unused").waitFor();
    await page.getByTestId("prompt-unused").scrollIntoViewIfNeeded();
    await screenshot(page, `product-app-375-${lng}-prompt-plan`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.getByTestId("prompt").fill("");
    // a photo dropped (English) or pasted (Chinese) uploads and is cut out like a picked one
    await page.getByTestId("dropzone").scrollIntoViewIfNeeded();
    await deliverImage(page, await productPhotoPng(640, 800), lng === "en-US" ? "dropzone" : null);
    await page.getByTestId("cutout").waitFor({ timeout: 90_000 });
    await imagesLoaded(page, "cutout", 1);
    if (lng === "en-US") return context.close();

    // View it, regenerate (same inputs), delete the new one after confirming.
    const before = await coinCount(page);
    await page.getByTestId("regenerate").first().click();
    await page.getByTestId("results").or(page.getByTestId("live-status")).first().waitFor();
    await page.waitForTimeout(700); // the results scroll into view smoothly
    await screenshot(page, "product-app-375-zh-CN-waiting");
    await expectNoSeriousA11yViolations(page, "waiting at 375 px");
    await waitForCoins(page, before - 4);
    await imagesLoaded(page, "result-image", 4);
    await expect.poll(() => page.getByTestId("history-item").count()).toBe(2);
    await page.getByTestId("delete").first().click();
    await page.getByTestId("delete-confirm").waitFor();
    await screenshot(page, "product-app-375-zh-CN-delete");
    await expectNoSeriousA11yViolations(page, "delete confirmation");
    await page.getByTestId("confirm-delete").click();
    await expect.poll(() => page.getByTestId("history-item").count()).toBe(1);
    await context.close();
  });
});
