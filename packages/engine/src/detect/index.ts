export { DETECT_SIZE, loadDetector, type RawDetection, runDetector } from "./centernet-model.ts";
export { kindForCoco } from "./coco-kinds.ts";
export { COCO_LABELS } from "./coco-labels.ts";
export { type Box, bestUnion, fitOf, maskGrid } from "./cover.ts";
export {
  detectProduct,
  iou,
  MIN_OVERLAP,
  MIN_SCORE,
  pickProduct,
  withDetectedProduct,
} from "./detect-product.ts";
export {
  DEFAULT_VIEWS,
  decideKind,
  evidenceByLabel,
  productFromShape,
  type Recognition,
  recogniseProduct,
  type ViewName,
} from "./recognise-product.ts";
export { kindFromShape, shapeFeatures } from "./shape-kind.ts";
