// Chromium from Debian (Playwright's own download cannot work offline), axe-core injected
// from node_modules, screenshots under test-results/.
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..", "..");
export const resultsDir = path.join(root, "test-results");
const require = createRequire(import.meta.url);

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-quic",
    ],
  });
}

export interface ContextOptions {
  /** a BCP 47 tag the browser reports (navigator.language, Accept-Language) */
  locale: string;
  width?: number;
  height?: number;
}

export function newContext(browser: Browser, baseURL: string, o: ContextOptions) {
  return browser.newContext({
    baseURL,
    locale: o.locale,
    timezoneId: "Europe/London",
    viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
    deviceScaleFactor: 1,
    isMobile: (o.width ?? 1280) < 500,
    hasTouch: (o.width ?? 1280) < 500,
  });
}

/** A test file's Chromium and the server's address: launched before its first test, closed after its last. */
export interface SuiteBrowser {
  readonly baseURL: string;
  /** Chromium itself, for a context without newContext's defaults (no JavaScript, a bare locale) */
  readonly browser: Browser;
  /** a context on the server with the project's defaults (see newContext) */
  context(o: ContextOptions): Promise<BrowserContext>;
  /** a page in a new context whose localStorage holds the token, as after logging in */
  signedInPage(token: string, o: ContextOptions): Promise<Page>;
  /**
   * A page in a new context at `path`, once React has taken the prerendered page over: a click
   * or key before that lands on the prerendered page and does nothing.
   */
  hydratedPage(path: string, o: ContextOptions): Promise<{ context: BrowserContext; page: Page }>;
}

/** Call at the top of a test file: the launch and close hooks that 22 files wrote alike. */
export function browserPerSuite(): SuiteBrowser {
  const baseURL = inject("baseURL");
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launch();
  });
  afterAll(async () => {
    await launched?.close();
  });
  const browser = () => {
    if (!launched) throw new Error("browserPerSuite: Chromium is launched in beforeAll");
    return launched;
  };
  return {
    baseURL,
    get browser() {
      return browser();
    },
    context: (o) => newContext(browser(), baseURL, o),
    async signedInPage(token, o) {
      const context = await newContext(browser(), baseURL, o);
      await context.addInitScript((t) => localStorage.setItem("token", t), token);
      return context.newPage();
    },
    async hydratedPage(path, o) {
      const context = await newContext(browser(), baseURL, o);
      const page = await context.newPage();
      await page.goto(path);
      await page.locator("html[data-hydrated]").waitFor();
      return { context, page };
    },
  };
}

export async function screenshot(page: Page, name: string, fullPage = false) {
  mkdirSync(resultsDir, { recursive: true });
  await page.screenshot({ path: path.join(resultsDir, `${name}.png`), fullPage });
}

/** the whole page from its top (the top bar is fixed, so scroll up first) */
export async function fullPageShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, true);
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** Serious and critical axe-core violations of what is on screen now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => "axe" in window);
  if (!hasAxe) await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      ...v,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, html: n.html.slice(0, 200) })),
    }));
}

export type { Browser, BrowserContext, Page };
