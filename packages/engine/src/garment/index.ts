export { detectKind, type KindReading } from "./detect-kind.ts";
export {
  GARMENT_KINDS,
  GARMENT_STYLES,
  type GarmentCutout,
  type GarmentKind,
  type GarmentStyle,
  type RemovedSupport,
} from "./garment.types.ts";
export {
  asGarment,
  GARMENT_DEFAULT_SIZE,
  GARMENT_MAX_COUNT,
  type GarmentImage,
  type GarmentRequest,
  garmentCutout,
  renderGarment,
} from "./generate-garment.ts";
export { maskShape } from "./mask-shape.ts";
export { removeSupports } from "./remove-supports.ts";
