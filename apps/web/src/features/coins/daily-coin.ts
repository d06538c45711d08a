// Daily coin rules (decision 0103): redeem once per local day; while that is spent,
// count down in hours and minutes to the next midnight UTC.

/** Start of the browser's local day containing `now`, in epoch ms. */
export function startOfLocalDay(now: Date): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
}

/** Enabled only if the start of the local day is later than the last redeem timestamp. */
export function canRedeem(lastRedeemMs: number, now: Date): boolean {
  return startOfLocalDay(now) > lastRedeemMs;
}

export function untilNextUtcMidnight(now: Date): { hours: number; minutes: number } {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  // round up: "0 h 0 min" while seconds remain would read as "ready now"
  const totalMinutes = Math.max(0, Math.ceil((next - now.getTime()) / 60_000));
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}
