// The top bar with the longest, widest username signup accepts (20 characters), a six-digit
// coin balance and unread notifications, at 375 px and 1280 px: every control stays inside the screen, the name is
// cut with an ellipsis (the whole name stays in the button's text and its tooltip), and the
// bar itself never scrolls. The header is fixed, so the page's own scroll width says nothing
// about it: the boxes are measured.
import { beforeAll, describe, expect, it } from "vitest";
import { nameSuffix, signUpApi, signUpOrLogIn, uniqueEmail } from "../support/app.ts";
import { browserPerSuite, screenshot } from "../support/browser.ts";
import { ADMIN_EMAIL } from "../support/global-setup.ts";

const suite = browserPerSuite();
const { baseURL } = suite;
let token: string;
const longName = `MWMWMWMWMWMWMW${String(Date.now() % 1e6).padStart(6, "0")}`;

beforeAll(async () => {
  const user = await signUpApi(baseURL, { username: longName, userEmail: uniqueEmail("longname") });
  token = user.token;
  // a six-digit balance widens the coin button: granted by the admin console, as a ledger entry
  const adminToken = (
    await signUpOrLogIn(baseURL, { username: `adm${nameSuffix()}`, userEmail: ADMIN_EMAIL })
  ).token;
  const grant = await fetch(`${baseURL}/api/admin/users/${user.userId}/coins`, {
    method: "POST",
    headers: { "Content-Type": "application/json", authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ delta: 123_456, reason: "a wide coin balance for the top bar test" }),
  });
  expect(grant.status).toBe(200);
});

describe("top bar with a long username", () => {
  for (const [locale, width] of [
    ["en-US", 375],
    ["zh-CN", 375],
    ["en-US", 1280],
  ] as const) {
    it(`fits ${width} px in ${locale}`, async () => {
      const page = await suite.signedInPage(token, { locale, width, height: 740 });
      await page.goto("/app");
      const user = page.getByTestId("user-menu");
      await user.getByText(longName).waitFor();
      await page.getByTestId("coin-count").getByText(/123/).waitFor();
      await screenshot(page, `top-bar-long-name-${width}-${locale}`);
      const fit = await page.evaluate(() => {
        const nav = document.querySelector("header nav") as HTMLElement;
        const controls = Array.from(nav.querySelectorAll<HTMLElement>("a, button"));
        const outside = controls
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => ({ el, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && (r.left < 0 || r.right > window.innerWidth + 0.5))
          .map(({ el, r }) => `${el.dataset.testid ?? el.textContent}: ${r.left}–${r.right}`);
        return { outside, navOverflow: nav.scrollWidth - nav.clientWidth };
      });
      expect(fit.outside).toEqual([]);
      expect(fit.navOverflow).toBeLessThanOrEqual(0);
      // the name is cut, not wrapped: one line, and a tooltip with all of it
      const name = user.getByText(longName);
      const box = await name.boundingBox();
      expect(box?.height ?? 0).toBeLessThan(24);
      expect(await user.getAttribute("title")).toBe(longName);
      if (width === 375) {
        expect(await page.getByTestId("mobile-menu").isVisible()).toBe(true);
        expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      }
      await page.context().close();
    });
  }
});
