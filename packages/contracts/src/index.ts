export * from "./accounts.ts";
export * from "./amazon-check.ts";
export * from "./billing.ts";
export * from "./generations.ts";
export * from "./messages.ts";
export * from "./prompt-plan.ts";
export * from "./video-orders.ts";
export * from "./videos.ts";
