import { describe, expect, it } from "vitest";
import { loginResponse } from "../test/fixtures.ts";
import {
  anonymousState,
  fromLogin,
  isNewFromImageCounter,
  isUnlimited,
  loggedOut,
  tierOf,
} from "./session-state.ts";

describe("session rules", () => {
  it("a user is new only when imageCounter is exactly 0", () => {
    expect(isNewFromImageCounter(0)).toBe(true);
    expect(isNewFromImageCounter(3)).toBe(false);
    expect(isNewFromImageCounter("0")).toBe(false);
    expect(isNewFromImageCounter(undefined)).toBe(false);
  });

  it("tiers: _PRO valid = pro, _BASIC valid = basic, other valid = vip, invalid = free", () => {
    expect(tierOf("PRODUCT_APP_PRO", true)).toBe("pro");
    expect(tierOf("PRODUCT_APP_BASIC", true)).toBe("basic");
    expect(tierOf("DAY_PASS", true)).toBe("vip");
    expect(tierOf("PRODUCT_APP_PRO", false)).toBe("free");
    expect(tierOf("", true)).toBe("free");
  });

  it("unlimited means a paid tier other than Basic on either app", () => {
    expect(isUnlimited({ paymentType: "DAY_PASS", valid: true, clothAppValid: false })).toBe(true);
    expect(isUnlimited({ paymentType: "X_BASIC", valid: true, clothAppValid: false })).toBe(false);
    expect(isUnlimited({ paymentType: "CLOTHING_PRO", valid: false, clothAppValid: true })).toBe(
      true,
    );
  });

  it("login fills the user from the login response", () => {
    const s = fromLogin(loginResponse({ imageCounter: 2, username: "li" }));
    expect(s).toMatchObject({ userName: "li", token: "tok-1", loggedIn: true, isNew: false });
  });

  it("logout: anonymous user, zero credits, email cleared, paid flag cleared", () => {
    const signedIn = {
      ...anonymousState,
      ...fromLogin(loginResponse({ paymentType: "X_PRO", valid: true })),
      credits: 60,
      promptText: "on marble",
    };
    const out = loggedOut(signedIn);
    expect(out).toMatchObject({
      userName: "Signup",
      userEmail: "",
      credits: 0,
      valid: false,
      clothAppValid: false,
      paymentType: "",
      loggedIn: false,
      token: "",
      promptText: "on marble",
    });
  });
});
