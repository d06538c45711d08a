// The admin console: only configured admins get in; an admin finds a user, adjusts their coins
// with a reason (a ledger entry), blocks them (they can no longer log in), and every action
// shows in the log. Both languages, at 375 px and 1280 px.
import { beforeAll, describe, expect, it } from "vitest";
import {
  expectNoSeriousA11yViolations,
  PASSWORD,
  postSignup,
  shopOwner,
  uniqueEmail,
} from "../support/app.ts";
import { browserPerSuite, type Page, screenshot } from "../support/browser.ts";
import { ADMIN_EMAIL } from "../support/global-setup.ts";

const suite = browserPerSuite();
const { baseURL } = suite;
let adminToken: string;
beforeAll(async () => {
  adminToken = (await signupApi(ADMIN_EMAIL).catch(() => loginApi(ADMIN_EMAIL))).token;
});

async function signupApi(userEmail: string): Promise<{ token: string; userId: string }> {
  const res = await postSignup(baseURL, { userEmail, ...shopOwner });
  if (res.status !== 201) throw new Error(`signup ${res.status}`);
  return (await res.json()) as { token: string; userId: string };
}

async function loginApi(userEmail: string) {
  const res = await fetch(`${baseURL}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userEmail, password: PASSWORD }),
  });
  return { status: res.status, ...((await res.json()) as { token: string }) };
}

async function openAdmin(locale: "en-US" | "zh-CN", width: number, token: string): Promise<Page> {
  const page = await suite.signedInPage(token, { locale, width, height: 900 });
  await page.goto("/admin");
  return page;
}

describe("admin console", () => {
  it("refuses a signed-in user who is not an admin", async () => {
    const user = await signupApi(uniqueEmail("notadmin"));
    const page = await openAdmin("en-US", 1280, user.token);
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toContain("Only administrators can open the admin console");
    await page.context().close();
  });

  it("finds a user, adjusts coins with a reason, blocks them, and logs every action", async () => {
    const email = uniqueEmail("customer");
    await signupApi(email);
    const page = await openAdmin("en-US", 1280, adminToken);
    await page.getByRole("img", { name: "Sign-ups per day" }).waitFor();
    await page.getByRole("img", { name: /Funnel/ }).waitFor();
    await page.getByLabel("Email, username or id").fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("button", { name: new RegExp(email) }).click();
    const panel = page.getByRole("region", { name: "User details" });
    await panel.getByText(email).waitFor();
    await panel.getByLabel("Coins to add (negative to remove)").fill("15");
    await panel.getByLabel("Reason (required)").fill("goodwill for a slow queue");
    await panel.getByRole("button", { name: "Adjust coins" }).click();
    await panel.getByText("goodwill for a slow queue").first().waitFor();
    await panel.getByRole("button", { name: "Block" }).click();
    await panel.getByRole("button", { name: "Unblock" }).waitFor();
    expect((await loginApi(email)).status).toBe(403);
    const log = page.getByRole("region", { name: "Admin actions" });
    await log.getByText("blocked").first().waitFor();
    expect(await log.textContent()).toContain("adjusted coins of");
    expect(await log.textContent()).toContain(ADMIN_EMAIL);
    await screenshot(page, "admin-1280-en", true);
    await expectNoSeriousA11yViolations(page, "/admin");
    await panel.getByRole("button", { name: "Unblock" }).click();
    await panel.getByRole("button", { name: "Block" }).waitFor();
    expect((await loginApi(email)).status).toBe(200);
    await page.context().close();
  });

  it("announces maintenance: the banner shows it, then it is cleared", async () => {
    const page = await openAdmin("en-US", 1280, adminToken);
    const panel = page.getByRole("region", { name: "Maintenance notice" });
    await panel.getByText("No maintenance is announced.").waitFor();
    try {
      await panel.getByLabel("Starts at (your time)").fill("2099-12-31T23:00");
      await panel.getByLabel("Minutes").fill("45");
      await panel.getByRole("button", { name: "Announce" }).click();
      await panel.getByText(/Announced for .*45 minutes/).waitFor();
      await page.reload();
      await page
        .getByText(/down for maintenance/i)
        .first()
        .waitFor();
      await screenshot(page, "admin-maintenance-banner-1280-en");
      await panel.getByRole("button", { name: "Clear notice" }).click();
      await panel.getByText("No maintenance is announced.").waitFor();
      const log = page.getByRole("region", { name: "Admin actions" });
      await log.getByText("cleared the maintenance notice").waitFor();
    } finally {
      // the other browser suites share this server
      await fetch(`${baseURL}/api/admin/maintenance`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ at: null, minutes: 60 }),
      });
      await page.context().close();
    }
  });

  it("reads well in Chinese on a 375 px phone, without sideways scrolling", async () => {
    const page = await openAdmin("zh-CN", 375, adminToken);
    await page.getByRole("img", { name: "每日注册" }).waitFor();
    await page.getByRole("heading", { name: "管理后台" }).waitFor();
    await screenshot(page, "admin-375-zh", true);
    // the page's own content (the shell's top bar has its own tests): nothing wider than it
    const overflow = await page.evaluate(() => {
      const main = document.querySelector("main") as HTMLElement;
      return main.scrollWidth - main.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
