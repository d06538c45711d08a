// Two users on the real server: B cannot read, follow, download or delete anything of A's
// (generation, status, images, ZIP, upload, cut-out): 404 with B's token, and B's /app shows
// none of it.
import type { Generation, SubmitResponse, UploadResponse } from "@studio/contracts";
import { describe, expect, it } from "vitest";
import { browserPerSuite, screenshot } from "../support/browser.ts";
import { productPhotoPng } from "./product-photo.ts";
import { auth, giveawayByApi, json, signUpByApi } from "./studio-steps.ts";

const suite = browserPerSuite();
const { baseURL } = suite;

describe("two users", () => {
  it("user B gets 404 for user A's generation, images, ZIP and upload", async () => {
    const a = await signUpByApi(baseURL, "ana");
    const b = await signUpByApi(baseURL, "bo");
    await giveawayByApi(baseURL, a);

    const form = new FormData();
    form.append(
      "file",
      new Blob([new Uint8Array(await productPhotoPng(600, 600))], { type: "image/png" }),
      "p.png",
    );
    const upload = await json<UploadResponse>(
      await fetch(`${baseURL}/api/uploads`, { method: "POST", headers: auth(a), body: form }),
    );
    const sub = await json<SubmitResponse>(
      await fetch(`${baseURL}/api/generations`, {
        method: "POST",
        headers: { ...auth(a), "content-type": "application/json" },
        body: JSON.stringify({ uploadId: upload.id, prompt: "on marble" }),
      }),
    );
    let g: Generation | null = null;
    for (let i = 0; i < 240 && g?.status !== "done"; i++) {
      g = await json<Generation>(
        await fetch(`${baseURL}/api/generations/${sub.id}`, { headers: auth(a) }),
      );
      if (g.status === "failed") throw new Error(`A's generation failed: ${g.error}`);
      if (g.status !== "done") await new Promise((r) => setTimeout(r, 500));
    }
    if (g?.status !== "done") throw new Error("A's generation did not finish");
    const image = g.images[0];
    if (!image || !g.zipUrl || !upload.cutoutUrl) throw new Error("A has no image, ZIP or cut-out");
    // A can read it
    expect((await fetch(`${baseURL}${image.url}`)).status).toBe(200);

    const bare = (u: string) => u.split("?")[0] ?? u;
    const asB: [string, string, string?][] = [
      ["GET", `/api/generations/${g.id}`],
      ["GET", `/api/check-position?generationId=${g.id}`],
      ["GET", bare(image.url)],
      ["GET", image.url], // A's link, asked with B's session
      ["GET", bare(g.zipUrl)],
      ["GET", bare(g.eventsUrl)],
      ["GET", `/api/uploads/${upload.id}`],
      ["GET", bare(upload.cutoutUrl)],
      ["GET", bare(upload.originalUrl)],
      ["DELETE", `/api/generations/${g.id}`],
    ];
    for (const [method, path] of asB) {
      const res = await fetch(`${baseURL}${path}`, { method, headers: auth(b) });
      expect(res.status, `${method} ${path} as B`).toBe(404);
    }
    // B's history is empty
    const list = await json<{ items: Generation[]; total: number }>(
      await fetch(`${baseURL}/api/generations`, { headers: auth(b) }),
    );
    expect(list.total).toBe(0);

    // B's browser: nothing of A's in the history
    const page = await suite.signedInPage(b, { locale: "en-US" });
    await page.goto("/app");
    await page.locator("#history-title").waitFor();
    await expect.poll(() => page.getByTestId("history-list").count()).toBe(0);
    expect(await page.getByTestId("history-item").count()).toBe(0);
    await screenshot(page, "product-app-privacy-user-b");
    // the generation still exists for A
    expect((await fetch(`${baseURL}/api/generations/${g.id}`, { headers: auth(a) })).status).toBe(
      200,
    );
    await page.context().close();
  });
});
