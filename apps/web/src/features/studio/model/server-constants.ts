// A copy of one value from @studio/contracts' generations.ts. That module builds TypeBox
// schemas at load time, and importing any value from it pulls TypeBox (~11 KB gzipped) into
// the /app chunk. server-constants.test.ts fails as soon as a copy drifts from the contract;
// once the contract moves these into a TypeBox-free module, import them from there instead.
// (docs/decisions/0350-product-app-ui.md)

/** The server's refusals the page recognises and translates. */
export const GenerationMessages = {
  blockedPrompt:
    "Your prompt contains words that are not allowed. Please describe your product scene without them.",
  maintenanceNow: "Our server is down for maintenance. Please try again later.",
} as const;
