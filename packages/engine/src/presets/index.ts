export { type AmazonCheck, checkAmazon } from "./check-amazon.ts";
export {
  getPreset,
  type Preset,
  type PresetName,
  presets,
  WHITE_FILL,
  whiteScene,
} from "./presets.ts";
