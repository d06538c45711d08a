// Checks a workflow in ComfyUI's API format against the node list (workflows/node-list.json):
// the shipped workflows' test runs it, and the stand-in runs it on every /prompt, refusing what
// a real server would refuse (an unknown class, a missing or unknown input, a broken link).
import { readFileSync } from "node:fs";

type InputSpec = string | string[];

export interface NodeSpec {
  from: string;
  inputs: Record<string, InputSpec>;
  outputs: string[];
}

export type NodeList = Record<string, NodeSpec>;

export type Workflow = Record<string, { class_type?: unknown; inputs?: Record<string, unknown> }>;

let cached: NodeList | undefined;

export function nodeList(): NodeList {
  cached ??= (
    JSON.parse(readFileSync(new URL("./workflows/node-list.json", import.meta.url), "utf8")) as {
      nodes: NodeList;
    }
  ).nodes;
  return cached;
}

const PLACEHOLDER = /^\{\{\w+\}\}$/;

function isLink(v: unknown): v is [string, number] {
  return Array.isArray(v) && v.length === 2 && typeof v[0] === "string" && Number.isInteger(v[1]);
}

/**
 * Problems found, one sentence each (empty: the workflow holds). `templates`: "{{name}}"
 * strings stand for values filled in at run time and pass any type check.
 */
export function checkWorkflow(
  workflow: Workflow,
  nodes: NodeList = nodeList(),
  options: { templates?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const ids = Object.keys(workflow);
  if (ids.length === 0) return ["the workflow has no nodes"];
  let outputs = 0;
  for (const id of ids) {
    const node = workflow[id]!;
    const cls = node.class_type;
    const spec = typeof cls === "string" ? nodes[cls] : undefined;
    if (!spec) {
      problems.push(`node ${id}: unknown class_type ${JSON.stringify(cls)}`);
      continue;
    }
    if (spec.outputs.length === 0) outputs++;
    const inputs = node.inputs ?? {};
    for (const name of Object.keys(spec.inputs)) {
      if (!(name in inputs)) problems.push(`node ${id} (${cls}): missing input "${name}"`);
    }
    for (const [name, value] of Object.entries(inputs)) {
      const want = spec.inputs[name];
      if (want === undefined) {
        problems.push(`node ${id} (${cls}): unknown input "${name}"`);
        continue;
      }
      const problem = checkValue(workflow, nodes, want, value, options.templates ?? false);
      if (problem) problems.push(`node ${id} (${cls}) input "${name}": ${problem}`);
    }
  }
  if (outputs === 0) problems.push("the workflow has no output node (SaveImage)");
  return problems;
}

function checkValue(
  workflow: Workflow,
  nodes: NodeList,
  want: InputSpec,
  value: unknown,
  templates: boolean,
): string | null {
  if (isLink(value)) {
    const [from, slot] = value;
    const source = workflow[from];
    const spec = source && typeof source.class_type === "string" && nodes[source.class_type];
    if (!spec) return `links to node ${from}, which is missing or unknown`;
    const type = spec.outputs[slot];
    if (type === undefined) return `links to output ${slot} of node ${from}, which has none`;
    if (type !== want) return `wants ${want} but node ${from} output ${slot} is ${type}`;
    return null;
  }
  if (templates && typeof value === "string" && PLACEHOLDER.test(value)) return null;
  if (Array.isArray(want)) {
    return typeof value === "string" && want.includes(value)
      ? null
      : `${JSON.stringify(value)} is not one of ${want.join(", ")}`;
  }
  if (want === "INT") return Number.isInteger(value) ? null : "wants a whole number";
  if (want === "FLOAT") return typeof value === "number" ? null : "wants a number";
  if (want === "STRING" || want.startsWith("FILE:")) {
    return typeof value === "string" ? null : "wants text";
  }
  return `wants a link to a ${want} output`;
}
