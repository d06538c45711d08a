export { applyMask, type Mask } from "./apply-mask.ts";
export { type CutoutMethod, type CutoutOptions, cutout } from "./cutout.ts";
export { type IsnetOptions, loadIsnet, warmIsnet } from "./isnet-model.ts";
export {
  type CutoutMeta,
  deserializeCutout,
  type SerializedCutout,
  serializeCutout,
} from "./serialize.ts";
