// The studio feature's public face: what other features may import from it. Anything not listed
// here is the feature's own (.dependency-cruiser.cjs, rule web-feature-through-public-file).
export { studioApi } from "./api/studio-api.ts";
export { RedoIcon, UndoIcon } from "./components/editor-icons.tsx";
export { GenerateButton } from "./components/GenerateButton.tsx";
export { HistoryPanel } from "./components/HistoryPanel.tsx";
export { checkerboard, PhotoDropzone } from "./components/PhotoDropzone.tsx";
export { PresetPicker } from "./components/PresetPicker.tsx";
export { ProgressBar } from "./components/ProgressBar.tsx";
export { PromptBox } from "./components/PromptBox.tsx";
export { ReferencePicker } from "./components/ReferencePicker.tsx";
export { Step } from "./components/Step.tsx";
export { StudioLayout } from "./components/StudioLayout.tsx";
export { StudioResults } from "./components/StudioResults.tsx";
export { ImageIcon } from "./components/studio-icons.tsx";
export { useLiveGeneration } from "./hooks/use-live-generation.ts";
export { type ProductPhoto, usePhotoUpload } from "./hooks/use-photo-upload.ts";
export { useReferences } from "./hooks/use-references.ts";
export { useStudioPage } from "./hooks/use-studio-page.ts";
export { queryKeys, useGpu, useMaintenance, useTemplates } from "./hooks/use-studio-queries.ts";
export { type SubmitCost, useStudioSubmit } from "./hooks/use-studio-submit.ts";
export { coinCost, disabledReason, imagesFor, referenceLimit } from "./model/generate-rules.ts";
export { finished } from "./model/generation-status.ts";
