// The workflows that ship with the studio (workflows/*.json, ComfyUI's API format; what each
// needs is in workflows/README.md). One file per job; "{{name}}" strings are filled per run.
import { readFileSync } from "node:fs";
import type { Workflow } from "./workflow-check.ts";

export const SHIPPED_WORKFLOWS = [
  "product-scene",
  "try-on-new-model",
  "try-on-kept-model",
] as const;
export type ShippedWorkflow = (typeof SHIPPED_WORKFLOWS)[number];

export function shippedWorkflow(name: ShippedWorkflow): Workflow {
  return JSON.parse(
    readFileSync(new URL(`./workflows/${name}.json`, import.meta.url), "utf8"),
  ) as Workflow;
}
