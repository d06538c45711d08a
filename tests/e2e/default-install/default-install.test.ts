// The default install as a newcomer meets it: the server started as `make start`
// starts it (production mode, nothing configured: no SMTP, no admin, no payment keys), then
// signup → the verification link read from the server's log → +40 coins → a generation → a
// video (10 coins, played inline) → a stand-in card payment → VIP, at 1280 px and at 375 px. Its
// own server: the shared one runs in test mode.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseBottle, imagesLoaded, signUpInModal } from "../product-app/studio-steps.ts";
import { coinCount, waitForCoins } from "../support/app.ts";
import { type Browser, launch, newContext, screenshot } from "../support/browser.ts";

const root = path.resolve(import.meta.dirname, "..", "..", "..");
let browser: Browser;
let child: ChildProcess;
let output = "";
let baseURL = "";
let dataDir = "";

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === "object" && addr ? addr.port : 0));
    });
  });

beforeAll(async () => {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), "studio-default-"));
  // what `make start` passes, and nothing else of this environment's settings
  const { PATH, HOME } = process.env;
  child = spawn("npx", ["tsx", "src/main.ts"], {
    cwd: path.join(root, "apps/server"),
    env: {
      PATH,
      HOME,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(root, "apps/web/dist"),
      NODE_ENV: "production",
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    if (
      await fetch(`${baseURL}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 300));
  }
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The verification link of `email`, as the server printed it (no SMTP_URL). */
async function loggedLink(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    for (const line of output.split("\n")) {
      if (!line.includes("MAIL NOT SENT")) continue;
      const entry = JSON.parse(line) as { mail?: { to: string; links: string[] } };
      const link = entry.mail?.to === email ? entry.mail.links[0] : undefined;
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${email} in the log`);
}

describe("the default install, as make start runs it", () => {
  it("says loudly how it takes payments and how to become the administrator", () => {
    expect(output).toContain("PAYMENTS — Stripe: local stand-in");
    expect(output).toContain("PAYMENTS_STAND_IN=local");
    expect(output).toMatch(/ADMIN: nobody can open \/admin yet.*\/admin\/claim#/);
  });

  it.each([1280, 375])(
    "signup → logged verification link → +40 coins → generation → video → card → VIP at %i px",
    async (width) => {
      const context = await newContext(browser, baseURL, {
        locale: "en-US",
        width,
        height: width < 500 ? 812 : 800,
      });
      const page = await context.newPage();
      await page.goto("/");
      // the home page is prerendered: a click before React takes it over does nothing
      await page.locator("html[data-hydrated]").waitFor();
      await page.getByTestId("hero-cta").click();
      const email = await signUpInModal(page, `first${width}`);
      const start = await coinCount(page);

      const mail = await context.newPage();
      await mail.goto(await loggedLink(email));
      await mail.locator("#message").waitFor();
      await mail.close();
      await page.reload();
      await waitForCoins(page, start + 40);
      await screenshot(page, `default-install-${width}-verified`);

      // a first generation from the product photo: four photos for four coins
      await page.goto("/app");
      await chooseBottle(page);
      await page.getByTestId("generate").click();
      await waitForCoins(page, start + 36);
      await imagesLoaded(page, "result-image", 4);
      await screenshot(page, `default-install-${width}-generated`);

      // a video of the same product: 10 coins, rendered with the ffmpeg make start installs,
      // and it plays in the page
      await page.goto("/video-app");
      await chooseBottle(page);
      await page.getByTestId("make-video").click();
      await waitForCoins(page, start + 26);
      const player = page.getByTestId("video-player").first();
      await player.waitFor({ timeout: 240_000 });
      const duration = await player.evaluate(async (v: HTMLVideoElement) => {
        if (!Number.isFinite(v.duration) || v.duration === 0)
          await new Promise((r) => v.addEventListener("loadedmetadata", r, { once: true }));
        return v.duration;
      });
      expect(duration).toBeGreaterThan(4);
      await screenshot(page, `default-install-${width}-video`);

      // from this machine the stand-in answers: the test card buys Pro
      await page.goto("/stripe-checkout?type=PRO_MONTHLY");
      await page.waitForURL(/\/sandbox\/stripe\/checkout\//, { timeout: 30_000 });
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: /^Pay/ }).click();
      await page.waitForURL(/\/checkout\/success/);
      expect(new URL(page.url()).origin).toBe(baseURL);
      await page.getByTestId("checkout-paid").waitFor();
      await page.getByTestId("vip-badge").waitFor();
      await screenshot(page, `default-install-${width}-vip`);
      await context.close();
    },
    // a cut-out, four photos and a 5 s video on a 2-core machine
    420_000,
  );
});
