export * from "./accounts.ts";
export * from "./amazon-check.ts";
export * from "./billing.ts";
export * from "./clothing.ts";
export * from "./generations.ts";
export * from "./messages.ts";
export * from "./video-orders.ts";
export * from "./videos.ts";
