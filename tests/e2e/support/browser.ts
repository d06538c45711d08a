// Chromium from Debian (Playwright's own download cannot work offline), axe-core injected
// from node_modules, screenshots under test-results/.
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

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

export async function screenshot(page: Page, name: string, fullPage = false) {
  mkdirSync(resultsDir, { recursive: true });
  await page.screenshot({ path: path.join(resultsDir, `${name}.png`), fullPage });
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
