// The notifications feature's public face: what other features may import from it. Anything not listed
// here is the feature's own (.dependency-cruiser.cjs, rule web-feature-through-public-file).

export { NotificationModal } from "./NotificationModal.tsx";
export { useCloseMarking } from "./use-close-marking.ts";
