// Steps the product-app browser tests share: an account made through the signup modal, the
// daily coins, the bottle photo chosen and cut out, and through the API a second account (the
// privacy check), its free coins and its answers.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { coinCount, nameSuffix, signUpApi, uniqueEmail, waitForCoins } from "../support/app.ts";
import { productPhotoPng } from "./product-photo.ts";

export async function signUpInModal(page: Page, tag: string): Promise<string> {
  const dialog = page.getByRole("dialog");
  await dialog.locator('input[name="username"]').waitFor();
  const email = uniqueEmail(tag);
  await dialog.locator('input[name="username"]').fill(`${tag}${Date.now() % 1e6}`);
  await dialog.locator('select[name="gender"]').selectOption("female");
  await dialog.locator('input[name="dob"]').fill("1990-04-01");
  await dialog.locator('input[name="location"]').fill("Lisbon");
  await dialog.locator('select[name="language"]').selectOption("en");
  await dialog.locator('select[name="occupation"]').selectOption("owner");
  await dialog.locator('select[name="field"]').selectOption("beauty");
  await dialog.locator('input[name="userEmail"]').fill(email);
  await dialog.locator('input[name="password"]').fill("correct horse battery");
  await dialog.getByTestId("auth-submit").click();
  // signup success: the modal closes, then /form and the daily coins dialog open after 1 s
  await page.waitForURL("**/form", { timeout: 10_000 });
  await page.getByTestId("daily-coin-dialog").waitFor();
  await page.keyboard.press("Escape");
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  return email;
}

/** Claims the daily coins from the top bar; returns the balance after. */
export async function claimDailyCoins(page: Page): Promise<number> {
  await page.getByTestId("coin-button").click();
  const redeem = page.getByTestId("redeem-button");
  await expect.poll(() => redeem.isEnabled()).toBe(true);
  const before = await coinCount(page);
  await redeem.click();
  await page.getByTestId("redeem-message").waitFor();
  await waitForCoins(page, before + 20);
  await page.keyboard.press("Escape");
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  return before + 20;
}

export async function signUpByApi(baseURL: string, tag: string): Promise<string> {
  const user = await signUpApi(baseURL, {
    username: `${tag}${nameSuffix()}`,
    userEmail: uniqueEmail(tag),
    gender: "male",
    dob: "1985-01-01",
    location: "Hangzhou",
    language: "zh",
    occupation: "owner",
    field: "beauty",
    timeZone: undefined,
  });
  return user.token;
}

/** every <img> in the locator has loaded real pixels */
export async function imagesLoaded(page: Page, testId: string, count: number) {
  await page.waitForFunction(
    ([id, n]) => {
      const imgs = Array.from(
        document.querySelectorAll(`[data-testid="${id}"]`),
      ) as HTMLImageElement[];
      return imgs.length === n && imgs.every((i) => i.complete && i.naturalWidth > 0);
    },
    [testId, count] as const,
    { timeout: 120_000 },
  );
}

/** Sends a PNG the way a user's paste (target: null) or drop (a test id) does. */
export async function deliverImage(page: Page, png: Buffer, dropOn: string | null) {
  await page.evaluate(
    ([b64, target]) => {
      const bytes = Uint8Array.from(atob(b64 ?? ""), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "pasted.png", { type: "image/png" }));
      if (target) {
        const el = document.querySelector(`[data-testid="${target}"]`);
        if (!el) throw new Error(`no ${target}`);
        for (const type of ["dragenter", "dragover", "drop"])
          el.dispatchEvent(
            new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
          );
      } else {
        document.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }
    },
    [png.toString("base64"), dropOn] as const,
  );
}

/** Chooses the bottle photo in the page's (first) photo input and waits for its cut-out. */
export async function chooseBottle(page: Page) {
  await page
    .getByTestId("photo-input")
    .first()
    .setInputFiles({ name: "bottle.png", mimeType: "image/png", buffer: await productPhotoPng() });
  await page.getByTestId("cutout-ready").first().waitFor({ timeout: 90_000 });
}

/** Downloads the first photo, then all of them as a ZIP: both arrive whole. */
export async function downloadOneAndAll(page: Page) {
  const [one] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("download-one").first().click(),
  ]);
  expect((await one.failure()) ?? null).toBeNull();
  const [zip] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("download-zip").click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  return { one, zip };
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The answer's JSON, once it is a 2xx. */
export async function json<T>(res: Response): Promise<T> {
  expect(res.ok, `${res.status} ${res.url}`).toBe(true);
  return (await res.json()) as T;
}

/** The token's account takes its free coins through the API (as the coin dialog does). */
export async function giveawayByApi(baseURL: string, token: string) {
  const me = await json<{ userId: string }>(
    await fetch(`${baseURL}/api/check-token`, { headers: auth(token) }),
  );
  await json(
    await fetch(`${baseURL}/api/giveaway`, {
      method: "POST",
      headers: { ...auth(token), "content-type": "application/json" },
      body: JSON.stringify({ userId: me.userId }),
    }),
  );
}
