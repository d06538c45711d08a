export * from "./accounts.ts";
export * from "./generations.ts";
export * from "./messages.ts";
