import { describe, expect, it } from "vitest";
import { canRedeem, startOfLocalDay, untilNextUtcMidnight } from "./daily-coin.ts";

describe("daily coin rules", () => {
  it("redeem is enabled only when the local day began after the last redeem", () => {
    const now = new Date(2026, 10, 22, 15, 30);
    expect(canRedeem(0, now)).toBe(true);
    expect(canRedeem(startOfLocalDay(now) - 1, now)).toBe(true);
    expect(canRedeem(startOfLocalDay(now), now)).toBe(false);
    expect(canRedeem(now.getTime() - 60_000, now)).toBe(false);
  });

  it("counts down in hours and minutes to the next midnight UTC", () => {
    expect(untilNextUtcMidnight(new Date(Date.UTC(2026, 10, 22, 21, 15, 0)))).toEqual({
      hours: 2,
      minutes: 45,
    });
    expect(untilNextUtcMidnight(new Date(Date.UTC(2026, 10, 22, 23, 59, 30)))).toEqual({
      hours: 0,
      minutes: 1,
    });
    expect(untilNextUtcMidnight(new Date(Date.UTC(2026, 10, 22, 0, 0, 0)))).toEqual({
      hours: 24,
      minutes: 0,
    });
  });
});
