export * from "./accounts.ts";
export * from "./messages.ts";
export * from "./generations.ts";
