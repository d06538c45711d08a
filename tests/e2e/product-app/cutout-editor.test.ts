// Fixing the cut-out in Chromium on the real server: paint the bottle's cap away with the
// mouse, tap the label away as a region, undo/redo, save; the stored cut-out is the edited one
// (cutoutEdited, its alpha where we painted) and a generation afterwards runs on it; reset
// brings the model's back. Then a finger on a 375 px phone: painting does not scroll the page.
import type { Generation, SubmitResponse, UploadResponse } from "@studio/contracts";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/app.ts";
import { browserPerSuite, type Page, screenshot } from "../support/browser.ts";
import { strings } from "../support/strings.ts";
import { auth, chooseBottle, giveawayByApi, json, signUpByApi } from "./studio-steps.ts";

const suite = browserPerSuite();
const { baseURL } = suite;

/** the photo's 900 × 900 frame: the cap, the label and the bottle's body (product-photo.ts) */
const CAP = { x: 450, y: 185 };
const LABEL = { x: 450, y: 600 };
const BODY = { x: 450, y: 700 };

async function alphaAt(token: string, upload: UploadResponse, points: { x: number; y: number }[]) {
  const fresh = await json<UploadResponse>(
    await fetch(`${baseURL}/api/uploads/${upload.id}`, { headers: auth(token) }),
  );
  const res = await fetch(`${baseURL}${fresh.cutoutUrl}`);
  expect(res.status).toBe(200);
  const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return points.map((p) => data[(p.y * info.width + p.x) * info.channels + 3]);
}

/** where a point of the photo is on the screen (the canvas shows it contained, letterboxed) */
async function onScreen(page: Page, p: { x: number; y: number }) {
  return page.getByTestId("mask-canvas").evaluate(
    (c: HTMLCanvasElement, [x, y]) => {
      const r = c.getBoundingClientRect();
      const s = Math.min(r.width / c.width, r.height / c.height);
      const k = (c.width / 900) * s;
      return {
        x: r.left + (r.width - c.width * s) / 2 + x * k,
        y: r.top + (r.height - c.height * s) / 2 + y * k,
      };
    },
    [p.x, p.y] as const,
  );
}

/** the photo card shows the edited cut-out (its URL carries the new version) */
async function cutoutShown(page: Page) {
  await page.waitForFunction(() => {
    const img = document.querySelector('[data-testid="cutout"]') as HTMLImageElement | null;
    return !!img && img.src.includes("&v=") && img.complete && img.naturalWidth > 0;
  });
}

async function openEditor(page: Page) {
  await page.getByTestId("fix-cutout").click();
  await page.getByTestId("cutout-editor").waitFor();
  await expect
    .poll(() => page.getByTestId("save-cutout").isEnabled(), { timeout: 30_000 })
    .toBe(true);
}

async function signedInWithPhoto(tag: string, width: number, locale: "en-US" | "zh-CN") {
  const token = await signUpByApi(baseURL, tag);
  const page = await suite.signedInPage(token, { locale, width });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/app");
  await chooseBottle(page);
  const id = await page
    .getByTestId("cutout")
    .evaluate((img: HTMLImageElement) => new URL(img.src).pathname.split("/")[3] ?? "");
  const upload = await json<UploadResponse>(
    await fetch(`${baseURL}/api/uploads/${id}`, { headers: auth(token) }),
  );
  return { token, context: page.context(), page, upload, errors };
}

describe("cut-out editor", () => {
  it("paint with the mouse, tap a region, save: later generations use the edited cut-out", async () => {
    const t = strings("en-US");
    const { token, context, page, upload, errors } = await signedInWithPhoto(
      "brush",
      1280,
      "en-US",
    );
    expect(await alphaAt(token, upload, [CAP, LABEL, BODY])).toEqual([255, 255, 255]);

    await openEditor(page);
    expect(await page.getByRole("heading", { name: t("product-app:editor.title") }).count()).toBe(
      1,
    );
    await screenshot(page, "cutout-editor-1280-open");
    await expectNoSeriousA11yViolations(page, "cut-out editor");

    // erase the cap: three horizontal mouse strokes with the biggest brush
    await page.getByTestId("brush-size").fill("120");
    for (const y of [150, 185, 220]) {
      const a = await onScreen(page, { x: 380, y });
      const b = await onScreen(page, { x: 520, y });
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move(b.x, b.y, { steps: 12 });
      await page.mouse.up();
    }
    expect(await page.getByTestId("undo").isEnabled()).toBe(true);
    // undo the last stroke and redo it
    await page.getByTestId("undo").click();
    expect(await page.getByTestId("redo").isEnabled()).toBe(true);
    await page.getByTestId("redo").click();
    expect(await page.getByTestId("redo").isEnabled()).toBe(false);

    // the cream label as one region: a tap with the region tool
    await page.getByTestId("tool-region").click();
    const label = await onScreen(page, LABEL);
    await page.mouse.click(label.x, label.y);
    await screenshot(page, "cutout-editor-1280-painted");
    await page.getByTestId("view-before").click();
    await page.waitForTimeout(300); // the toggle's colour transition
    await screenshot(page, "cutout-editor-1280-before");
    await page.getByTestId("view-after").click();

    await page.getByTestId("save-cutout").click();
    await expect.poll(() => page.getByTestId("cutout-editor").count()).toBe(0);
    await expect
      .poll(() => page.getByTestId("cutout-ready").textContent())
      .toContain(t("product-app:upload.edited"));
    await cutoutShown(page);
    await screenshot(page, "cutout-editor-1280-saved");

    const saved = await json<UploadResponse>(
      await fetch(`${baseURL}/api/uploads/${upload.id}`, { headers: auth(token) }),
    );
    expect(saved.cutoutEdited).toBe(true);
    expect(await alphaAt(token, upload, [CAP, LABEL, BODY])).toEqual([0, 0, 255]);

    // a generation afterwards: it runs on the edited cut-out and leaves it in place
    await giveawayByApi(baseURL, token);
    const sub = await json<SubmitResponse>(
      await fetch(`${baseURL}/api/generations`, {
        method: "POST",
        headers: { ...auth(token), "content-type": "application/json" },
        body: JSON.stringify({ uploadId: upload.id, prompt: "on marble", count: 1 }),
      }),
    );
    let g: Generation | null = null;
    for (let i = 0; i < 240 && g?.status !== "done" && g?.status !== "failed"; i++) {
      await new Promise((r) => setTimeout(r, 500));
      g = await json<Generation>(
        await fetch(`${baseURL}/api/generations/${sub.id}`, { headers: auth(token) }),
      );
    }
    expect(g?.status).toBe("done");
    expect(await alphaAt(token, upload, [CAP, LABEL, BODY])).toEqual([0, 0, 255]);

    // reset to automatic: the model's cut-out again
    await openEditor(page);
    await page.getByTestId("reset-cutout").click();
    await expect.poll(() => page.getByTestId("reset-cutout").count()).toBe(0);
    await page.getByRole("button", { name: t("product-app:editor.cancel") }).click();
    await expect
      .poll(() => page.getByTestId("cutout-ready").textContent())
      .toContain(t("product-app:upload.cutoutReady"));
    expect(await alphaAt(token, upload, [CAP, LABEL, BODY])).toEqual([255, 255, 255]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("paints with a finger on a 375 px phone without scrolling the page", async () => {
    const t = strings("zh-CN");
    const { token, context, page, upload, errors } = await signedInWithPhoto(
      "brushphone",
      375,
      "zh-CN",
    );
    await screenshot(page, "cutout-editor-375-card");
    await openEditor(page);
    expect(await page.getByRole("heading", { name: t("product-app:editor.title") }).count()).toBe(
      1,
    );
    // the whole editor fits the phone's width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await screenshot(page, "cutout-editor-375-open");

    const scrollBefore = await page.evaluate(() => window.scrollY);
    const cdp = await context.newCDPSession(page);
    const a = await onScreen(page, { x: 380, y: 185 });
    const b = await onScreen(page, { x: 520, y: 185 });
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", p?: { x: number; y: number }) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: p ? [{ x: p.x, y: p.y, radiusX: 4, radiusY: 4, id: 1 }] : [],
      });
    await page.getByTestId("brush-size").fill("120");
    await touch("touchStart", a);
    for (let i = 1; i <= 12; i++) {
      await touch("touchMove", { x: a.x + ((b.x - a.x) * i) / 12, y: a.y + (i % 2) * 3 });
    }
    await touch("touchEnd");
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    expect(await page.getByTestId("undo").isEnabled()).toBe(true);
    await screenshot(page, "cutout-editor-375-painted");

    await page.getByTestId("save-cutout").click();
    await expect.poll(() => page.getByTestId("cutout-editor").count()).toBe(0);
    expect(await alphaAt(token, upload, [CAP, BODY])).toEqual([0, 255]);
    await screenshot(page, "cutout-editor-375-saved");
    expect(errors).toEqual([]);
    await context.close();
  });
});
