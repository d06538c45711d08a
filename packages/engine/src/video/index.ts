export { type CameraPose, poseAt, VIDEO_MOVES, type VideoMove } from "./camera-moves.ts";
export { DEFAULT_FFMPEG, ffmpegPath } from "./ffmpeg-encoder.ts";
export { type FrameRaster, frameRaster } from "./frame-raster.ts";
export {
  renderVideo,
  VIDEO_ASPECTS,
  VIDEO_FPS,
  VIDEO_SECONDS,
  type VideoAspect,
  type VideoRequest,
  type VideoResult,
  validateVideoRequest,
} from "./render-video.ts";
export { buildPlate, OVERSCAN, type VideoPlate, type ViewLayer } from "./video-plate.ts";
