// The generator's core: OpenAPI 3.0 (the subset @fastify/swagger emits from TypeBox: objects,
// arrays, scalars, enums, anyOf, nullable, binary strings) to TypeScript types, and one method
// per operation calling an abstract `request()` that the hand-written client implements.

export interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  nullable?: boolean;
  description?: string;
  additionalProperties?: boolean | Schema;
}
interface Parameter {
  in: "query" | "path" | "header";
  name: string;
  required?: boolean;
  schema: Schema;
  description?: string;
}
interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: unknown;
  tags?: string[];
}
export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

/** the /v1 operations and what they refer to */
export function pickV1(doc: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(doc.paths)
      .filter(([p]) => p.startsWith("/v1/"))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  const schemes = (doc.components as { securitySchemes?: Record<string, unknown> } | undefined)
    ?.securitySchemes;
  return {
    openapi: doc.openapi,
    info: { ...doc.info, title: "Photoshoot Studio public API (/v1)" },
    paths,
    components: { securitySchemes: { apiKey: schemes?.apiKey } },
  };
}

const ident = (s: string) => /^[A-Za-z_$][\w$]*$/.test(s);
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** a type's text without its indentation: the key under which a named type is found again */
const shapeOf = (t: string) => t.replace(/\n\s*/g, "\n");

/** `named`: types already given a name (by shape); an object of one of those shapes is written as its name */
export function toType(s: Schema, indent = "", named = new Map<string, string>()): string {
  let t: string;
  const union = s.anyOf ?? s.oneOf;
  if (union) t = [...new Set(union.map((u) => toType(u, indent, named)))].join(" | ");
  else if (s.enum) t = s.enum.map((v) => JSON.stringify(v)).join(" | ");
  else if (s.type === "string" && s.format === "binary") t = "Blob";
  else if (s.type === "string") t = "string";
  else if (s.type === "integer" || s.type === "number") t = "number";
  else if (s.type === "boolean") t = "boolean";
  else if (s.type === "null") t = "null";
  else if (s.type === "array") {
    const inner = toType(s.items ?? {}, indent, named);
    t = /[|&]/.test(inner) ? `Array<${inner}>` : `${inner}[]`;
  } else if (s.type === "object" || s.properties) {
    const req = new Set(s.required ?? []);
    const lines = Object.entries(s.properties ?? {}).map(([k, v]) => {
      const doc = v.description
        ? `${indent}  /** ${v.description.replace(/\*\//g, "* /")} */\n`
        : "";
      const key = ident(k) ? k : JSON.stringify(k);
      return `${doc}${indent}  ${key}${req.has(k) ? "" : "?"}: ${toType(v, `${indent}  `, named)};`;
    });
    t = lines.length ? `{\n${lines.join("\n")}\n${indent}}` : "Record<string, unknown>";
    t = named.get(shapeOf(t)) ?? t;
  } else t = "unknown";
  return s.nullable ? `${t} | null` : t;
}

interface Planned {
  id: string;
  method: string;
  path: string;
  summary: string;
  pathParams: string[];
  query: Parameter[];
  bodies: Record<string, Schema>;
  success: number;
  binary: boolean;
  response: Schema | null;
}

function plan(doc: OpenApiDocument): Planned[] {
  const out: Planned[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const success = Number(Object.keys(op.responses).find((c) => /^2\d\d$/.test(c)) ?? 200);
      const content = op.responses[String(success)]?.content ?? {};
      const json = content["application/json"]?.schema ?? null;
      const schema = json ?? Object.values(content)[0]?.schema ?? null;
      out.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? "",
        pathParams: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
        query: (op.parameters ?? []).filter((p) => p.in === "query"),
        bodies: Object.fromEntries(
          Object.entries(op.requestBody?.content ?? {}).map(([type, c]) => [type, c.schema]),
        ),
        success,
        binary: schema?.format === "binary",
        response: schema,
      });
    }
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

export function generateClientSource(doc: OpenApiDocument): string {
  const ops = plan(doc);
  const types: string[] = [];
  // a shape met again (a video as submitted and as read, a generation in a list) is written once,
  // under the first name it had, and referred to by that name
  const named = new Map<string, string>();
  const declare = (name: string, schema: Schema) => {
    const t = toType(schema, "", named);
    types.push(`export type ${name} = ${t};`);
    if (t.startsWith("{") && !named.has(shapeOf(t))) named.set(shapeOf(t), name);
  };
  const methods: string[] = [];
  const meta: string[] = [];
  for (const op of ops) {
    const P = pascal(op.id);
    const args: string[] = op.pathParams.map((p) => `${p}: string`);
    const bodyTypes = Object.entries(op.bodies);
    if (bodyTypes.length) {
      const names = bodyTypes.map(([type, schema], i) => {
        const name =
          bodyTypes.length === 1
            ? `${P}Body`
            : `${P}${type.includes("multipart") ? "Form" : "Json"}`;
        declare(name, schema);
        return i === 0 ? name : name;
      });
      if (bodyTypes.length > 1) types.push(`export type ${P}Body = ${names.join(" | ")};`);
      args.push(`body: ${P}Body`);
    }
    if (op.query.length) {
      const q: Schema = {
        type: "object",
        properties: Object.fromEntries(op.query.map((p) => [p.name, p.schema])),
        required: op.query.filter((p) => p.required).map((p) => p.name),
      };
      declare(`${P}Query`, q);
      args.push(`query${op.query.some((p) => p.required) ? "" : "?"}: ${P}Query`);
    }
    const result = op.binary ? "Blob" : op.response ? `${P}Response` : "void";
    if (!op.binary && op.response) declare(`${P}Response`, op.response);
    args.push("options?: RequestOptions");
    const pathExpr = `\`${op.path.replace(/\{(\w+)\}/g, (_m, p: string) => `\${encodeURIComponent(${p})}`)}\``;
    methods.push(
      `  /** ${op.summary.replace(/\*\//g, "* /")} — ${op.method} ${op.path} */\n` +
        `  ${op.id}(${args.join(", ")}): Promise<${result}> {\n` +
        `    return this.request(operations.${op.id}, ${pathExpr}, { ${[
          bodyTypes.length ? "body" : "",
          op.query.length ? "query" : "",
        ]
          .filter(Boolean)
          .join(
            ", ",
          )}${bodyTypes.length || op.query.length ? ", " : ""}options }) as Promise<${result}>;\n  }`,
    );
    meta.push(
      `  ${op.id}: { method: "${op.method}", path: "${op.path}", success: ${op.success}, binary: ${op.binary}, bodies: ${JSON.stringify(Object.keys(op.bodies))} },`,
    );
  }
  return `// GENERATED by packages/client/scripts/generate.ts from the server's OpenAPI document.
// Do not edit: change the server's schemas, then run \`npm run generate -w @studio/client\`.
/* eslint-disable */

import type { OperationMeta, RequestArgs, RequestOptions } from "./request.ts";

export const operations = {
${meta.join("\n")}
} as const satisfies Record<string, OperationMeta>;

${types.join("\n\n")}

export abstract class GeneratedClient {
  protected abstract request(op: OperationMeta, path: string, args: RequestArgs): Promise<unknown>;

${methods.join("\n\n")}
}
`;
}
