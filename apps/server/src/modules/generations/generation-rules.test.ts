// The server charges what the web app shows: both are held to the same table of plans
// (packages/contracts/src/plan-rules.cases.ts).
import { PresetNames, videoCost, WhiteBackgroundPresets } from "@studio/contracts";
import { planCases } from "@studio/contracts/plan-rules.cases";
import { getPreset } from "@studio/engine";
import { describe, expect, it } from "vitest";
import { HttpError } from "../../http/http-error.ts";
import { accountTier, checkReferenceLimit, coinCost, imageCount } from "./generation-rules.ts";

const now = Date.parse("2026-03-01T12:00:00Z");
const nowSec = Math.floor(now / 1000);

describe("the server's prices, from the shared table", () => {
  it.each(planCases)("$name", (c) => {
    const expiration = c.valid ? nowSec + 3600 : nowSec - 3600;
    const tier = accountTier({ paymentType: c.paymentType, expiration }, now);
    expect(tier).toBe(c.tier);
    const images = imageCount(tier, c.preset, undefined);
    expect(images).toBe(c.images);
    expect(coinCost(tier, images)).toBe(c.coins);
    expect(() => checkReferenceLimit(tier, c.references)).not.toThrow();
    expect(() => checkReferenceLimit(tier, c.references + 1)).toThrow(HttpError);
    expect([videoCost(tier, 5), videoCost(tier, 10)]).toEqual(c.video);
  });

  it("refuses more images than the plan makes, allows fewer", () => {
    expect(imageCount("basic", "web", 1)).toBe(1);
    expect(() => imageCount("basic", "web", 3)).toThrow(HttpError);
    expect(imageCount("pro", "web", 4)).toBe(4);
  });

  it("knows the engine's white-background presets", () => {
    const white = PresetNames.filter((p) => getPreset(p).background === "white");
    expect([...WhiteBackgroundPresets].sort()).toEqual(white.sort());
  });
});
