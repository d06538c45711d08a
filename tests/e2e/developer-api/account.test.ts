// The account page's API keys and webhooks: create a key (shown once), use it on
// /v1 and see its use counted, register a webhook to a receiver on loopback and see the
// delivery with the receiver's answer, revoke the key (refused at once). Both languages, at
// 375 px and 1280 px.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, signUpApi, uniqueEmail } from "../support/app.ts";
import { browserPerSuite, type Page, screenshot } from "../support/browser.ts";

const suite = browserPerSuite();
const { baseURL } = suite;
let receiver: Server;
let hookUrl = "";
const received: string[] = [];

beforeAll(async () => {
  // a receiver that is busy: every delivery is answered 503, so it shows as retrying
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      received.push(body);
      res.writeHead(503, { "content-type": "text/plain" });
      res.end("busy, try later");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
});

async function signup(): Promise<{ token: string; userId: string }> {
  const user = await signUpApi(baseURL, { userEmail: uniqueEmail("dev") });
  const coins = await fetch(`${baseURL}/api/giveaway`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ userId: user.userId }),
  });
  expect(coins.status).toBe(200);
  return user;
}

async function openAccount(locale: "en-US" | "zh-CN", width: number, token: string): Promise<Page> {
  const page = await suite.signedInPage(token, { locale, width, height: 900 });
  await page.goto("/account");
  return page;
}

const v1 = (key: string, path: string, body?: unknown) =>
  fetch(`${baseURL}${path}`, {
    method: body ? "POST" : "GET",
    headers: {
      authorization: `Bearer ${key}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });

describe("account page: API keys and webhooks", () => {
  it("creates a key, counts its use, shows webhook deliveries, revokes the key", async () => {
    const user = await signup();
    const page = await openAccount("en-US", 1280, user.token);
    await page.getByRole("heading", { name: "API & webhooks", level: 1 }).waitFor();

    await page.getByLabel("Key name").fill("Shopify sync");
    await page.getByTestId("create-key").click();
    const key = (await page.getByTestId("new-key").locator("code").textContent())?.trim() ?? "";
    expect(key).toMatch(/^psk_[0-9A-Za-z]{40}$/);
    await page.getByTestId("key-list").getByText("Shopify sync").waitFor();
    expect(await page.getByTestId("key-list").textContent()).toContain(`${key.slice(0, 12)}…`);
    expect(await page.getByTestId("key-list").textContent()).not.toContain(key);

    await page.getByLabel("Endpoint URL").fill(hookUrl);
    await page.getByTestId("add-hook").click();
    await page.getByTestId("hook-list").getByText(hookUrl).waitFor();

    // the key at work: a generation through /v1, whose webhook the receiver gets
    const sub = await v1(key, "/v1/generations", { prompt: "white marble podium", count: 1 });
    expect(sub.status).toBe(202);
    await expect.poll(() => received.length, { timeout: 60_000 }).toBeGreaterThan(0);
    expect(JSON.parse(received[0] ?? "{}").type).toBe("generation.done");

    await page.reload();
    await page.getByTestId("key-list").getByText("1 request this month").waitFor();
    await page.getByRole("button", { name: "Deliveries" }).click();
    const deliveries = page.getByTestId("delivery-list");
    await deliveries.getByText("generation.done").waitFor();
    await deliveries.getByText("Retrying").waitFor();
    await deliveries.getByText("Last answer: HTTP 503", { exact: false }).click();
    await deliveries.getByText("busy, try later").waitFor();
    await expectNoSeriousA11yViolations(page, "/account");
    await screenshot(page, "account-en-1280", true);

    page.once("dialog", (d) => d.accept());
    await page.getByRole("button", { name: "Revoke" }).click();
    await page.getByTestId("key-list").getByText("No API keys yet.").waitFor();
    const refused = await v1(key, "/v1/generations");
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      "invalid_api_key",
    );
    await page.context().close();
  });

  it("fits a 375 px phone in both languages", async () => {
    const user = await signup();
    for (const locale of ["zh-CN", "en-US"] as const) {
      const page = await openAccount(locale, 375, user.token);
      const createLabel = locale === "zh-CN" ? "创建密钥" : "Create key";
      await page.getByTestId("key-name").fill(locale === "zh-CN" ? "店铺同步" : "Phone key");
      await page.getByRole("button", { name: createLabel }).click();
      await page.getByTestId("new-key").waitFor();
      if (locale === "zh-CN") {
        await page.getByTestId("hook-url").fill(hookUrl);
        await page.getByTestId("add-hook").click();
        await page.getByTestId("hook-list").getByText(hookUrl).waitFor();
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${locale}: horizontal scroll at 375 px`).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, `/account ${locale} 375`);
      await screenshot(page, `account-${locale === "zh-CN" ? "zh" : "en"}-375`, true);
      await page.context().close();
    }
  });

  it("asks an anonymous visitor to log in", async () => {
    const context = await suite.context({ locale: "en-US", width: 1280 });
    const page = await context.newPage();
    await page.goto("/account");
    await page.getByText("Log in to manage your API keys and webhooks.").waitFor();
    await context.close();
  });
});
