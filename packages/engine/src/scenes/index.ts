export { describePlan, type PlanDescription } from "./describe-plan.ts";
export { parsePrompt } from "./parse-prompt.ts";
export { planScenes } from "./plan-scenes.ts";
export { type ProductScale, productScale } from "./product-scale.ts";
export { SEEN_KINDS, seenProduct } from "./seen-products.ts";
export type { TemplateInfo } from "./template.types.ts";
export { templates } from "./templates.ts";
export { renderTemplateThumbnail } from "./thumbnail.ts";
