export { assetMemoryBytes } from "./asset-images.ts";
export { packEntries, setsArePhotographic } from "./pack.ts";
export type * from "./pack.types.ts";
export { type PhotoPack, photoPack, setPhotoPack } from "./photo-pack.ts";
export {
  adoptPackImages,
  type PreloadedImage,
  packImagesToPreload,
  preloadPackImages,
} from "./preload-pack.ts";
export { presentBySize } from "./present-by-size.ts";
