export { DETECT_SIZE, loadDetector, type RawDetection, runDetector } from "./centernet-model.ts";
export { kindForCoco } from "./coco-kinds.ts";
export { COCO_LABELS } from "./coco-labels.ts";
export {
  detectProduct,
  iou,
  MIN_OVERLAP,
  MIN_SCORE,
  pickProduct,
  withDetectedProduct,
} from "./detect-product.ts";
