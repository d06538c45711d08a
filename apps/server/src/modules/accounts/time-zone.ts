// The account's time zone decides its "local day" for the daily coins. A change does not act
// at once: it is stored as pending and takes over when the zone in force starts its next day.
// Together with the rule that a redeem needs a day strictly later than the last redeemed
// one, hopping between zones never earns more than one redeem per day
// (docs/decisions/0103-daily-coins-time-zone.md).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The canonical IANA name ("europe/paris" → "Europe/Paris"), or null when unknown. */
export function canonicalTimeZone(zone: string): string | null {
  if (zone.length === 0 || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The calendar date ("YYYY-MM-DD") at `epochMs` in `zone`. */
export function localDay(epochMs: number, zone: string): string {
  const parts = formatter(zone).formatToParts(new Date(epochMs));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

export function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

export interface ZoneState {
  timeZone: string;
  pendingTimeZone: string | null;
  /** first local day (in the zone in force when the change was asked) of the pending zone */
  pendingTimeZoneFrom: string | null;
}

/** The state at `now` with any due pending change folded in. */
export function zoneInForce(state: ZoneState, now: number): ZoneState {
  if (
    state.pendingTimeZone &&
    state.pendingTimeZoneFrom &&
    localDay(now, state.timeZone) >= state.pendingTimeZoneFrom
  ) {
    return { timeZone: state.pendingTimeZone, pendingTimeZone: null, pendingTimeZoneFrom: null };
  }
  return state;
}

/** Asks for `zone` from the next local day on; asking for the zone in force cancels a pending change. */
export function requestZone(state: ZoneState, zone: string, now: number): ZoneState {
  const current = zoneInForce(state, now);
  if (zone === current.timeZone) {
    return { timeZone: current.timeZone, pendingTimeZone: null, pendingTimeZoneFrom: null };
  }
  return {
    timeZone: current.timeZone,
    pendingTimeZone: zone,
    pendingTimeZoneFrom: nextDay(localDay(now, current.timeZone)),
  };
}
