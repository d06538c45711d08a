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

export const PASSWORD = "correct horse battery";

/** The signup form's fields; blank where a test does not care. */
export interface SignupFields {
  userEmail: string;
  username?: string;
  gender?: string;
  dob?: string;
  location?: string;
  language?: string;
  occupation?: string;
  field?: string;
  timeZone?: string;
}

/**
 * A suffix that keeps a test's username unique and never spells a refused word: the server
 * reads 0 1 3 4 5 7 as the letters o i e a s t, so "brush" + "17…" was "brushit", refused
 * with a 400 now and then. Only 2, 6, 8 and 9 are used.
 */
export function nameSuffix(): string {
  return [...String(Date.now() % 1e8)].map((d) => "2689"[Number(d) % 4]).join("");
}

/** POST /api/signup, answered as it is (201, or 409 for an address already taken). */
export function postSignup(baseURL: string, fields: SignupFields): Promise<Response> {
  return fetch(`${baseURL}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      username: `u${nameSuffix()}${Math.floor(Math.random() * 4)}`,
      password: PASSWORD,
      gender: "",
      dob: "",
      location: "",
      language: "en-US",
      occupation: "",
      field: "",
      timeZone: "UTC",
      ...fields,
    }),
  });
}

/** A new account made through the API (201 expected). */
export async function signUpApi(
  baseURL: string,
  fields: SignupFields,
): Promise<{ token: string; userId: string }> {
  const res = await postSignup(baseURL, fields);
  expect(res.status).toBe(201);
  return (await res.json()) as { token: string; userId: string };
}

/** The account, made now or (made by an earlier file, e.g. the admin's) logged into. */
export async function signUpOrLogIn(
  baseURL: string,
  fields: SignupFields,
): Promise<{ token: string; userId: string }> {
  const res = await postSignup(baseURL, fields);
  if (res.status === 201) return (await res.json()) as { token: string; userId: string };
  const login = await fetch(`${baseURL}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userEmail: fields.userEmail, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  return (await login.json()) as { token: string; userId: string };
}

/** A seller's profile filled in whole, as the admin console lists it. */
export const shopOwner = {
  gender: "female",
  dob: "1990-01-01",
  location: "Paris",
  language: "en-US",
  occupation: "shop owner",
  field: "fashion",
} satisfies Partial<SignupFields>;
