export * from "./accounts.ts";
export * from "./messages.ts";
