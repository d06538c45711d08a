// The video row as other modules see it (the public API's webhooks): they import its type from
// here, never videos.tables.ts, which is this module's own (module-boundaries.test.ts).
export type { VideoRow } from "./videos.tables.ts";
