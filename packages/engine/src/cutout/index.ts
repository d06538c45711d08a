export { applyMask, type Mask } from "./apply-mask.ts";
export { CUTOUT_MAX_SIDE, type CutoutMethod, type CutoutOptions, cutout } from "./cutout.ts";
export { type IsnetOptions, loadIsnet, warmIsnet } from "./isnet-model.ts";
export * from "./render-copy.ts";
export {
  type CutoutMeta,
  deserializeCutout,
  metaOf,
  type SerializedCutout,
  serializeCutout,
} from "./serialize.ts";
