import type { PresetName } from "@studio/contracts";
import { planCases } from "@studio/contracts/plan-rules.cases";
import { describe, expect, it } from "vitest";
import { tierOf } from "../../../session/session-state.ts";
import { coinCost, disabledReason, guardOf, imagesFor, referenceLimit } from "./generate-rules.ts";

describe("images and coins per generation: what the server charges", () => {
  // the same table the server's generation-rules.test.ts is held to
  it.each(planCases)("$name", (c) => {
    const tier = tierOf(c.paymentType, c.valid);
    expect(tier).toBe(c.tier);
    const images = imagesFor(tier, c.preset as PresetName);
    expect(images).toBe(c.images);
    expect(coinCost(tier, images)).toBe(c.coins);
    expect(referenceLimit(tier)).toBe(c.references);
  });

  it("never stops Basic for coins: it draws on its monthly pictures", () => {
    const cost = coinCost("basic", imagesFor("basic", "web"));
    expect(guardOf({ loggedIn: true, hasImage: true, prompt: "", credits: 0, cost })).toBeNull();
  });
});

describe("Generate button state", () => {
  const idle = {
    loggedIn: true,
    hasImage: false,
    prompt: "",
    uploading: false,
    submitting: false,
    running: false,
    maintenanceActive: false,
  };

  it("stays enabled with no image and no text, so the click can explain why", () => {
    expect(disabledReason(idle)).toBeNull();
    expect(disabledReason({ ...idle, loggedIn: false })).toBeNull();
  });

  it("is disabled while uploading, sending, running or under maintenance", () => {
    expect(disabledReason({ ...idle, uploading: true })).toBe("uploading");
    expect(disabledReason({ ...idle, submitting: true })).toBe("submitting");
    expect(disabledReason({ ...idle, running: true })).toBe("running");
    expect(disabledReason({ ...idle, maintenanceActive: true, running: true })).toBe("maintenance");
  });
});

describe("what stops a click", () => {
  const ok = { loggedIn: true, hasImage: true, prompt: "", credits: 20, cost: 4 };

  it("asks an anonymous visitor with something to work with to sign up", () => {
    expect(guardOf({ ...ok, loggedIn: false })).toBe("login");
    expect(guardOf({ ...ok, loggedIn: false, hasImage: false, prompt: "on sand" })).toBe("login");
    expect(guardOf({ ...ok, loggedIn: false, hasImage: false })).toBe("no-image-or-text");
  });

  it("refuses no image and no text (blank text counts as none)", () => {
    expect(guardOf({ ...ok, hasImage: false, prompt: "   " })).toBe("no-image-or-text");
    expect(guardOf({ ...ok, hasImage: false, prompt: "on marble" })).toBeNull();
    expect(guardOf({ ...ok, prompt: "" })).toBeNull();
  });

  it("where only a photo counts, asks for the login first and ignores a prompt alone", () => {
    const clothing = { ...ok, photoRequired: true };
    expect(guardOf({ ...clothing, loggedIn: false, hasImage: false })).toBe("login");
    expect(guardOf({ ...clothing, loggedIn: false })).toBe("login");
    expect(guardOf({ ...clothing, hasImage: false, prompt: "on sand" })).toBe("no-image-or-text");
    expect(guardOf({ ...clothing, credits: 3 })).toBe("payment-required");
    expect(guardOf(clothing)).toBeNull();
  });

  it("asks for payment when the coins do not cover the cost", () => {
    expect(guardOf({ ...ok, credits: 3 })).toBe("payment-required");
    expect(guardOf({ ...ok, credits: 4 })).toBeNull();
    expect(guardOf({ ...ok, credits: 0, cost: 0 })).toBeNull();
  });
});
