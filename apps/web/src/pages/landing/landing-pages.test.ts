import { describe, expect, it } from "vitest";
import en from "../../i18n/locales/en-US/landing.json";
import { AllLandingPages, findLandingPage, LandingGroups, pickFromGroup } from "./landing-pages.ts";

describe("landing groups", () => {
  it("has the spec's groups: 11 clothing, 5 products, 3 food and beverage, 1 Amazon", () => {
    expect(LandingGroups.clothing).toHaveLength(11);
    expect(LandingGroups.products?.map((p) => p.slug.split("-")[0])).toEqual([
      "furniture",
      "skincare",
      "jewelry",
      "bag",
      "ecommerce",
    ]);
    expect(LandingGroups["food-and-beverage"]).toHaveLength(3);
    expect(findLandingPage("amazon-product-photography")).toBeDefined();
  });

  it("a group picks each of its pages depending on chance", () => {
    const pages = LandingGroups.clothing ?? [];
    expect(pickFromGroup("clothing", () => 0)).toBe(pages[0]);
    expect(pickFromGroup("clothing", () => 0.999)).toBe(pages[10]);
    expect(pickFromGroup("clothing", () => 0.5)).toBe(pages[5]);
    expect(pickFromGroup("nope")).toBeUndefined();
  });

  it("every page has its words", () => {
    const pages = en.pages as Record<string, { title: string; subtitle: string }>;
    for (const p of AllLandingPages) expect(pages[p.slug]?.title, p.slug).toBeTruthy();
    expect(new Set(AllLandingPages.map((p) => p.slug)).size).toBe(AllLandingPages.length);
  });
});
