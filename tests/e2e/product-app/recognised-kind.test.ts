// Issue 28 in the browser: beside the cut-out the page says what the product was recognised as
// and where that puts it, a menu changes it in one click, and the generation request carries
// the seller's kind (validated by the server). Screenshots at 375 px and 1280 px.
import { describe, expect, it } from "vitest";
import { browserPerSuite, screenshot } from "../support/browser.ts";
import { strings } from "../support/strings.ts";
import { chooseBottle, claimDailyCoins, signUpInModal } from "./studio-steps.ts";

const suite = browserPerSuite();

describe("the recognised kind beside the cut-out", () => {
  for (const [width, locale] of [
    [1280, "en-US"],
    [375, "zh-CN"],
  ] as const)
    it(`shows it and lets the seller change it (${width} px, ${locale})`, async () => {
      const t = strings(locale);
      const context = await suite.context({
        locale,
        width,
        height: 900,
      });
      const page = await context.newPage();
      await page.goto("/app");
      await page.getByRole("heading", { level: 1, name: t("product-app:title") }).waitFor();
      // anonymous with a prompt: Generate opens signup
      await page.getByRole("button", { name: t("product-app:prompt.s2") }).click();
      await page.getByTestId("generate").click();
      await signUpInModal(page, `kind${width}`);
      await page.goto("/app");
      await claimDailyCoins(page);
      await chooseBottle(page);
      const line = page.getByTestId("recognised-kind");
      await line.waitFor();
      // what the server recognised (or "not recognised"), before the seller changes it
      expect((await line.textContent())?.length).toBeGreaterThan(5);
      await line.scrollIntoViewIfNeeded();
      await screenshot(page, `recognised-kind-${width}-auto`);
      await page.getByTestId("kind-menu").selectOption("car");
      expect(await line.textContent()).toContain(t("product-app:recognised.ground"));
      await line.scrollIntoViewIfNeeded();
      await screenshot(page, `recognised-kind-${width}`);
      const sent = page.waitForRequest(
        (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/generations",
      );
      await page.getByTestId("generate").click();
      expect((await sent).postDataJSON()).toMatchObject({ productKind: "car" });
      await context.close();
    });
});
