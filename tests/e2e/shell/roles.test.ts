// Account kinds the top bar treats differently: developer accounts see the developer toggle,
// test users (the server's TEST_USER_DOMAINS, example.test by default) get the other logo.
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, signUpApi } from "../support/app.ts";
import { browserPerSuite, screenshot } from "../support/browser.ts";
import { DEVELOPER_EMAIL } from "../support/global-setup.ts";

const suite = browserPerSuite();
const { baseURL } = suite;

async function signupToken(email: string, username: string): Promise<string> {
  const user = await signUpApi(baseURL, {
    username,
    userEmail: email,
    language: "",
    timeZone: "Europe/London",
  });
  return user.token;
}

async function pageSignedInAs(token: string) {
  const page = await suite.signedInPage(token, { locale: "en-US" });
  await page.goto("/");
  return { context: page.context(), page };
}

describe("account kinds", () => {
  it("a developer account sees the developer toggle, which opens the developer panel", async () => {
    const { context, page } = await pageSignedInAs(await signupToken(DEVELOPER_EMAIL, "devuser"));
    const toggle = page.getByTestId("developer-toggle");
    await toggle.waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    await page.getByRole("complementary", { name: "Developer panel" }).waitFor();
    expect(await page.getByTestId("logo").count()).toBe(1);
    await screenshot(page, "roles-developer");
    await expectNoSeriousA11yViolations(page, "developer panel");
    await context.close();
  });

  it("a test user gets the test logo and no developer toggle", async () => {
    const { context, page } = await pageSignedInAs(
      await signupToken(`qa-${Date.now()}@example.test`, `qa${Date.now() % 1e6}`),
    );
    await page.getByTestId("logo-test-user").waitFor();
    expect(await page.getByTestId("developer-toggle").count()).toBe(0);
    await screenshot(page, "roles-test-user");
    await context.close();
  });

  it("a stored token the server refuses signs the visitor out", async () => {
    const { context, page } = await pageSignedInAs("not-a-real-token-at-all");
    await page.waitForFunction(() => localStorage.getItem("token") === null);
    expect(await page.getByTestId("user-menu").textContent()).toContain("Signup");
    await context.close();
  });
});
