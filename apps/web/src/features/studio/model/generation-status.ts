// Live status while waiting (decision 0502): the status text, the estimated seconds counting
// down between server updates, and a progress fraction for the bar.
import type { GenerationStatus } from "@studio/contracts";
import type { TFunction } from "i18next";

export const finished = (s: GenerationStatus) => s === "done" || s === "failed";

/** 'Waitlisted at position 3', 'Generating your photos', … in the user's language. */
export function statusText(
  t: TFunction,
  status: GenerationStatus,
  position?: number | undefined,
): string {
  if (status === "waitlisted")
    return t("product-app:status.waitlisted", { position: position ?? 1 });
  return t(`product-app:status.${status}`);
}

/** seconds left: the server's estimate minus the whole seconds since it arrived, never < 0 */
export function remainingSeconds(etaSeconds: number, receivedAtMs: number, nowMs: number): number {
  const elapsed = Math.floor(Math.max(0, nowMs - receivedAtMs) / 1000);
  return Math.max(0, etaSeconds - elapsed);
}

/** 'Estimated time: 12 s', or 'Almost there…' once the estimate has run out */
export function etaText(t: TFunction, seconds: number | undefined): string | null {
  if (seconds === undefined) return null;
  if (seconds <= 0) return t("product-app:status.etaSoon");
  return t("product-app:status.eta", { seconds });
}

const floor: Record<GenerationStatus, number> = {
  waitlisted: 0.04,
  accepted: 0.12,
  processing: 0.2,
  generating: 0.35,
  done: 1,
  failed: 1,
};
const ceiling: Record<GenerationStatus, number> = {
  waitlisted: 0.12,
  accepted: 0.2,
  processing: 0.35,
  generating: 0.95,
  done: 1,
  failed: 1,
};

/**
 * A fraction for the progress bar: each status owns a band, and inside it the bar moves with
 * the time spent against the estimate, or, while GPU servers paint the photos, with the share
 * of their steps done (`painted`, from the servers themselves). It never reaches 1 before the
 * photos arrive.
 */
export function progressOf(
  status: GenerationStatus,
  elapsedSeconds: number,
  remaining: number | undefined,
  painted?: number,
): number {
  const lo = floor[status];
  const hi = ceiling[status];
  if (status === "generating" && painted !== undefined) {
    return lo + (hi - lo) * Math.min(1, Math.max(0, painted));
  }
  if (remaining === undefined || hi === lo) return lo;
  const total = elapsedSeconds + remaining;
  const within = total <= 0 ? 1 : elapsedSeconds / total;
  return lo + (hi - lo) * Math.min(1, Math.max(0, within));
}
