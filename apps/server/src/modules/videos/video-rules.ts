// Which frame a video request makes, decided before anything is written. What it costs is
// `videoCost` in @studio/contracts' plan-rules.ts, the price the web app shows.
import { VIDEO_ASPECTS, type VideoAspect } from "@studio/engine";

export function frameSize(aspect: VideoAspect): { width: number; height: number } {
  return VIDEO_ASPECTS[aspect];
}
