export {
  type CompositeOptions,
  type CompositeResult,
  compositeProduct,
} from "./composite.ts";
export { type EncodeOptions, encodeImage, type OutputFormat } from "./encode.ts";
export { computePlacement, type Placement, productLayer } from "./place.ts";
