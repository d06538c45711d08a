// What a video request costs and which frame it makes, decided before anything is written.
import { videoCoinCost } from "@studio/contracts";
import { VIDEO_ASPECTS, type VideoAspect } from "@studio/engine";
import type { Tier } from "../generations/generation-rules.ts";

/** unlimited (pro/VIP) plans make videos without spending coins, as they do photos */
export function videoCost(tier: Tier, seconds: 5 | 10): number {
  return tier === "pro" ? 0 : videoCoinCost(seconds);
}

export function frameSize(aspect: VideoAspect): { width: number; height: number } {
  return VIDEO_ASPECTS[aspect];
}
