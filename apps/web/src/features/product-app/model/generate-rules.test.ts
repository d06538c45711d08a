import { describe, expect, it } from "vitest";
import { coinCost, disabledReason, guardOf, imagesFor, referenceLimit } from "./generate-rules.ts";

describe("images and coins per generation (spec sections 6 and 9)", () => {
  it("makes four images, two on Basic, one for the Amazon main image", () => {
    expect(imagesFor("free", "web")).toBe(4);
    expect(imagesFor("pro", "instagram")).toBe(4);
    expect(imagesFor("vip", "story")).toBe(4);
    expect(imagesFor("basic", "web")).toBe(2);
    expect(imagesFor("basic", "etsy")).toBe(2);
    expect(imagesFor("free", "amazon")).toBe(1);
    expect(imagesFor("basic", "amazon")).toBe(1);
  });

  it("costs one coin per image, nothing on unlimited plans", () => {
    expect(coinCost("free", 4)).toBe(4);
    expect(coinCost("basic", imagesFor("basic", "web"))).toBe(2);
    expect(coinCost("pro", 4)).toBe(0);
    expect(coinCost("vip", 4)).toBe(0);
    expect(coinCost("free", 1)).toBe(1);
  });

  it("allows reference images by tier: free limited, Basic 10, Pro/VIP 100", () => {
    expect(referenceLimit("free")).toBe(1);
    expect(referenceLimit("basic")).toBe(10);
    expect(referenceLimit("pro")).toBe(100);
    expect(referenceLimit("vip")).toBe(100);
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

  it("asks for payment when the coins do not cover the cost", () => {
    expect(guardOf({ ...ok, credits: 3 })).toBe("payment-required");
    expect(guardOf({ ...ok, credits: 4 })).toBeNull();
    expect(guardOf({ ...ok, credits: 0, cost: 0 })).toBeNull();
  });
});
