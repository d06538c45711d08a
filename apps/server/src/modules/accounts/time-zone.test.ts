import { describe, expect, it } from "vitest";
import { canonicalTimeZone, localDay, nextDay, requestZone, zoneInForce } from "./time-zone.ts";

const at = (iso: string) => Date.parse(iso);

describe("time zones", () => {
  it("canonicalises IANA names and refuses unknown ones", () => {
    expect(canonicalTimeZone("Europe/Paris")).toBe("Europe/Paris");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
  });

  it("computes the local calendar day in a zone", () => {
    const t = at("2026-11-22T23:30:00Z");
    expect(localDay(t, "UTC")).toBe("2026-11-22");
    expect(localDay(t, "Asia/Tokyo")).toBe("2026-11-23");
    expect(localDay(t, "America/Los_Angeles")).toBe("2026-11-22");
    expect(localDay(at("2026-11-22T07:59:00Z"), "America/Los_Angeles")).toBe("2026-11-21");
  });

  it("steps over month and year ends", () => {
    expect(nextDay("2026-11-30")).toBe("2026-12-01");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
  });

  it("defers a change to the next local day of the zone in force", () => {
    const now = at("2026-11-22T10:00:00Z");
    const s = requestZone(
      { timeZone: "UTC", pendingTimeZone: null, pendingTimeZoneFrom: null },
      "Asia/Tokyo",
      now,
    );
    expect(s).toEqual({
      timeZone: "UTC",
      pendingTimeZone: "Asia/Tokyo",
      pendingTimeZoneFrom: "2026-11-23",
    });
    expect(zoneInForce(s, at("2026-11-22T23:59:59Z")).timeZone).toBe("UTC");
    expect(zoneInForce(s, at("2026-11-23T00:00:00Z")).timeZone).toBe("Asia/Tokyo");
  });

  it("cancels a pending change when the zone in force is asked again", () => {
    const now = at("2026-11-22T10:00:00Z");
    const pending = requestZone(
      { timeZone: "UTC", pendingTimeZone: null, pendingTimeZoneFrom: null },
      "Asia/Tokyo",
      now,
    );
    expect(requestZone(pending, "UTC", now)).toEqual({
      timeZone: "UTC",
      pendingTimeZone: null,
      pendingTimeZoneFrom: null,
    });
  });
});
