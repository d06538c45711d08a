// Small steps shared by the browser tests.

import type { Page } from "playwright-core";
import { expect } from "vitest";
import { seriousViolations } from "./browser.ts";

export async function expectNoSeriousA11yViolations(page: Page, where: string) {
  const violations = await seriousViolations(page);
  expect(violations, `axe-core on ${where}:\n${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

export async function coinCount(page: Page): Promise<number> {
  return Number((await page.getByTestId("coin-count").textContent())?.trim());
}

/** Polls until the top bar shows `n` coins. */
export async function waitForCoins(page: Page, n: number) {
  await page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="coin-count"]')?.textContent?.trim() ===
      String(expected),
    n,
    { timeout: 10_000 },
  );
}

export function uniqueEmail(tag: string) {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}
