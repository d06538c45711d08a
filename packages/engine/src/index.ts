// @studio/engine: images in, images out. No HTTP, no database, no environment.

export * from "./assets/index.ts";
export * from "./backends/index.ts";
export {
  type CompositeOptions,
  type CompositeResult,
  compositeProduct,
  computePlacement,
  type EncodeOptions,
  encodeImage,
  type OutputFormat,
  type Placement,
  productLayer,
} from "./composite/index.ts";
export {
  applyMask,
  CUTOUT_MAX_SIDE,
  type CutoutMeta,
  type CutoutMethod,
  type CutoutOptions,
  cutout,
  deserializeCutout,
  type IsnetOptions,
  loadIsnet,
  type Mask,
  metaOf,
  productSide,
  RENDER_COPY_SIDE,
  renderCopyMeta,
  renderCopyOf,
  type SerializedCutout,
  serializeCutout,
  serializeWithRenderCopy,
  warmIsnet,
} from "./cutout/index.ts";
export { detectProduct, loadDetector, withDetectedProduct } from "./detect/index.ts";
export * from "./garment/index.ts";
export {
  type GeneratedImage,
  type GenerateRequest,
  type GenerateResult,
  generate,
  generateFromCutout,
  MAX_COUNT,
  MAX_SIDE,
  type ProgressEvent,
  rankImages,
  type SceneStages,
} from "./generate.ts";
export {
  DEFAULT_MAX_PIXELS,
  type DecodeOptions,
  type DecodeResult,
  decodeImage,
  type InputFormat,
  sniffFormat,
} from "./input/decode.ts";
export { EngineError, type EngineErrorCode, isEngineError } from "./input/engine-error.ts";
export { type NormalizedUpload, normalizeUpload } from "./input/normalize.ts";
export {
  type AmazonCheck,
  checkAmazon,
  getPreset,
  type Preset,
  type PresetName,
  presets,
  whiteScene,
} from "./presets/index.ts";
export { productSideNeeded } from "./product-side.ts";
export { type ReferenceLook, readReference } from "./reference/read-reference.ts";
export * from "./render/index.ts";
export * from "./scenes/index.ts";
export * from "./tryon/index.ts";
export type * from "./types.ts";
export * from "./video/index.ts";
