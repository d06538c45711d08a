// The admin console's generations and queue page on the real server: a customer's generation
// fails (a photo of nothing), another one succeeds; the admin sees the worker alive, the
// failure with its error, retries it (it goes through the queue again) and refunds the other
// one (the customer's coins come back); both actions show in the log with who did them.
// At 1280 px in English and 375 px in Chinese.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  expectNoSeriousA11yViolations,
  shopOwner,
  signUpOrLogIn,
  uniqueEmail,
} from "../support/app.ts";
import { browserPerSuite, type Page, screenshot } from "../support/browser.ts";
import { ADMIN_EMAIL } from "../support/global-setup.ts";

const suite = browserPerSuite();
const { baseURL } = suite;
let adminToken: string;

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** the shop owner's profile the admin console lists */
const account = (userEmail: string) => signUpOrLogIn(baseURL, { userEmail, ...shopOwner });

async function waitFinished(token: string, id: string): Promise<string> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const g = await api<{ status: string }>("GET", `/api/generations/${id}`, token);
    if (g.status === "done" || g.status === "failed") return g.status;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`generation ${id} did not finish`);
}

let customer: { email: string; token: string; userId: string };
let failedId: string;
let doneId: string;

beforeAll(async () => {
  adminToken = (await account(ADMIN_EMAIL)).token;
  const email = uniqueEmail("queue-customer");
  customer = { email, ...(await account(email)) };
  await api("POST", `/api/admin/users/${customer.userId}/coins`, adminToken, {
    delta: 20,
    reason: "coins for the queue test",
  });
  // a photo of nothing: its cut-out (the model, then the classical fallback) finds no product;
  // the generation is submitted while that cut-out is still running, so it is accepted and fails
  const blank = await sharp({
    create: { width: 512, height: 512, channels: 3, background: "#c8c8c8" },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(blank)], { type: "image/jpeg" }), "nothing.jpg");
  const upload = await fetch(`${baseURL}/api/uploads`, {
    method: "POST",
    headers: { authorization: `Bearer ${customer.token}` },
    body: form,
  });
  const uploadId = ((await upload.json()) as { id: string }).id;
  failedId = (await api<{ id: string }>("POST", "/api/generations", customer.token, { uploadId }))
    .id;
  doneId = (
    await api<{ id: string }>("POST", "/api/generations", customer.token, {
      prompt: "on a marble plinth",
    })
  ).id;
  expect(await waitFinished(customer.token, failedId)).toBe("failed");
  expect(await waitFinished(customer.token, doneId)).toBe("done");
});

async function openQueue(locale: "en-US" | "zh-CN", width: number): Promise<Page> {
  const page = await suite.signedInPage(adminToken, { locale, width, height: 900 });
  await page.goto("/admin/queue");
  return page;
}

const balance = async () =>
  (
    await api<{ user: { balance: number } }>(
      "GET",
      `/api/admin/users/${customer.userId}`,
      adminToken,
    )
  ).user.balance;

describe("admin generations and queue", () => {
  it("shows the worker and the failure; Retry requeues it, Refund gives the coins back; both logged", async () => {
    const page = await openQueue("en-US", 1280);
    const workers = page.getByRole("region", { name: "Workers alive" });
    await workers
      .getByText(/^server on /)
      .first()
      .waitFor();
    await page.getByRole("img", { name: "Generation time p95" }).waitFor();

    const failures = page.getByRole("region", { name: "Failures" });
    const failed = failures.locator(`[data-generation="${failedId}"]`);
    await failed.getByText(customer.email).waitFor();
    expect(await failed.textContent()).toMatch(/Shown to the user: .*refunded/);
    await screenshot(page, "admin-queue-1280-en", true);
    await expectNoSeriousA11yViolations(page, "/admin/queue");

    await failed.getByRole("button", { name: "Retry" }).click();
    await failed.getByLabel("Reason (required)").fill("cut-out model updated");
    await failed.getByRole("button", { name: "Retry now" }).click();
    await page.getByRole("status").getByText("Sent back to the queue.").waitFor();
    const log = page.getByRole("region", { name: "Generation actions" });
    await log.getByText("cut-out model updated").waitFor();
    expect(await log.textContent()).toContain(`${ADMIN_EMAIL} retried generation ${failedId}`);
    // it went through the queue again: a second attempt, which fails the same way
    await expect
      .poll(
        async () =>
          (
            await api<{ failed: { id: string; attempts: number }[] }>(
              "GET",
              "/api/admin/queue",
              adminToken,
            )
          ).failed.find((f) => f.id === failedId)?.attempts,
        { timeout: 60_000, interval: 500 },
      )
      .toBe(2);

    const before = await balance();
    const finished = page.getByRole("region", { name: "Recently finished" });
    const done = finished.locator(`[data-generation="${doneId}"]`);
    await done.getByText("4 coins refundable").waitFor();
    await done.getByRole("button", { name: "Refund" }).click();
    await done.getByLabel("Reason (required)").fill("labels came out blurry");
    await done.getByRole("button", { name: "Refund 4 coins" }).click();
    await page.getByRole("status").getByText("Refunded 4 coins.").waitFor();
    await log.getByText("labels came out blurry").waitFor();
    expect(await log.textContent()).toContain(`${ADMIN_EMAIL} refunded generation ${doneId}`);
    expect(await balance()).toBe(before + 4);
    await done.getByText("nothing left to refund").waitFor();
    expect(await done.getByRole("button", { name: "Refund" }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it("reads well in Chinese on a 375 px phone, without sideways scrolling", async () => {
    const page = await openQueue("zh-CN", 375);
    await page.getByRole("heading", { name: "生成与队列" }).first().waitFor();
    await page.getByRole("region", { name: "失败" }).getByText(customer.email).first().waitFor();
    await screenshot(page, "admin-queue-375-zh", true);
    const overflow = await page.evaluate(() => {
      const main = document.querySelector("main") as HTMLElement;
      return main.scrollWidth - main.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it("refuses a signed-in user who is not an admin", async () => {
    const page = await openQueue("en-US", 1280);
    await page.context().addInitScript((t) => localStorage.setItem("token", t), customer.token);
    await page.reload();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toContain("Only administrators can open the admin console");
    await page.context().close();
  });
});
