export * from "./accounts.ts";
export * from "./amazon-check.ts";
export * from "./billing.ts";
export * from "./generations.ts";
export * from "./messages.ts";
export * from "./public-api.ts";
export * from "./video-orders.ts";
export * from "./videos.ts";
