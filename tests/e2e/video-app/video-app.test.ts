// The Video app on the real server, in Chromium: a seller with the daily coins uploads a photo,
// makes a 5 s square push-in, watches the queued job's status and frame progress, then plays
// the video inline (duration and size read from the <video> element), coins down by 10; orders
// the made-to-order video; then the same page at 375 px in Chinese, where the video plays too.
import { beforeAll, describe, expect, it } from "vitest";
import { chooseBottle, claimDailyCoins, signUpByApi } from "../product-app/studio-steps.ts";
import { coinCount, expectNoSeriousA11yViolations, waitForCoins } from "../support/app.ts";
import { browserPerSuite, type Page, screenshot } from "../support/browser.ts";
import { strings } from "../support/strings.ts";

const suite = browserPerSuite();
const { baseURL } = suite;
let token = "";
beforeAll(async () => {
  token = await signUpByApi(baseURL, "videoseller");
});

async function loggedInPage(locale: "en-US" | "zh-CN", width?: number): Promise<Page> {
  return suite.signedInPage(token, { locale, width, height: width ? 800 : 900 });
}

/** plays the first finished video in the page and reads what the browser decoded */
async function playAndMeasure(page: Page) {
  return page.evaluate(async () => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="video-player"]');
    if (!v) throw new Error("no video element");
    v.muted = true;
    await v.play();
    const start = performance.now();
    while (v.currentTime < 1 && performance.now() - start < 15_000) {
      await new Promise((r) => setTimeout(r, 100));
    }
    return {
      duration: v.duration,
      width: v.videoWidth,
      height: v.videoHeight,
      played: v.currentTime,
      error: v.error?.code ?? null,
    };
  });
}

describe("video app", () => {
  it("photo → queued push-in with status and frame progress → plays inline → coins −10 → order", async () => {
    const t = strings("en-US");
    const page = await loggedInPage("en-US");
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/video-app");
    await page.getByRole("heading", { level: 1, name: t("video-app:title") }).waitFor();
    const coins = await claimDailyCoins(page);
    expect(coins).toBeGreaterThanOrEqual(20);
    await page.getByTestId("videos-empty").waitFor();
    await screenshot(page, "video-app-01-empty-1280");

    await chooseBottle(page);
    await page.getByText(t("video-app:moves.push-in")).click();
    await page.getByText(t("video-app:aspects.square")).click();
    await page.getByText(t("video-app:make.fpsValue", { fps: 24 })).click();
    const make = page.getByTestId("make-video");
    expect(await make.textContent()).toBe(t("video-app:make.button", { coins: 10 }));
    await make.click();

    // the queued job: a status text from the spec's list, and the bar moving by frame
    const card = page.getByTestId("video-card").first();
    await card.waitFor();
    const seen = new Set<string>();
    const texts = ["waitlisted", "accepted", "processing", "generating"].map((s) =>
      s === "waitlisted"
        ? t("video-app:status.waitlisted", { position: 1 })
        : t(`video-app:status.${s}`),
    );
    let sawFrames = false;
    let shot = false;
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline && (await card.getAttribute("data-status")) !== "done") {
      const status = await page
        .getByTestId("video-status")
        .first()
        .textContent()
        .catch(() => null);
      if (status) seen.add(status);
      const now = Number(
        await page
          .getByTestId("video-progress")
          .first()
          .getAttribute("aria-valuenow")
          .catch(() => "0"),
      );
      if (now > 0 && now < 100) {
        sawFrames = true;
        if (!shot) {
          await screenshot(page, "video-app-02-rendering-1280");
          shot = true;
        }
      }
      await page.waitForTimeout(250);
    }
    expect(await card.getAttribute("data-status")).toBe("done");
    expect(
      [...seen].every((s) => texts.includes(s)),
      [...seen].join(" | "),
    ).toBe(true);
    expect(seen.size).toBeGreaterThan(0);
    expect(sawFrames).toBe(true);

    await page.getByTestId("video-player").waitFor();
    const m = await playAndMeasure(page);
    expect(m.error).toBeNull();
    expect(m.duration).toBeCloseTo(5, 0);
    expect([m.width, m.height]).toEqual([1080, 1080]);
    expect(m.played).toBeGreaterThanOrEqual(1);
    await waitForCoins(page, coins - 10);
    expect(await coinCount(page)).toBe(coins - 10);
    const href = await page.getByTestId("video-download").first().getAttribute("href");
    const file = await page.request.get(href!);
    expect(file.headers()["content-disposition"]).toMatch(/^attachment/);
    expect((await file.body()).subarray(4, 8).toString()).toBe("ftyp");
    await screenshot(page, "video-app-03-playing-1280");
    await expectNoSeriousA11yViolations(page, "video app with a video");

    // the made-to-order video: $300 for this seller, stored as received
    expect(await page.getByTestId("order-price").textContent()).toContain("$300.00");
    await page
      .getByTestId("order-brief")
      .fill("Fifteen seconds of the red bottle on a sunny kitchen counter.");
    await page.getByTestId("order-submit").click();
    await page.getByTestId("order-list").getByText(t("video-app:order.status.received")).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "video-app-04-ordered-1280", true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("at 375 px in Chinese: the same video plays, the form fits the phone", async () => {
    const t = strings("zh-CN");
    const page = await loggedInPage("zh-CN", 375);
    await page.goto("/video-app");
    await page.getByRole("heading", { level: 1, name: t("video-app:title") }).waitFor();
    await page.getByTestId("video-player").waitFor();
    const m = await playAndMeasure(page);
    expect([Math.round(m.duration), m.width, m.height]).toEqual([5, 1080, 1080]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.getByTestId("make-video").textContent()).toBe(t("video-app:make.needPhoto"));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "video-app-05-phone-zh", true);
    await page.context().close();
  });
});
