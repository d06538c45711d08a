// npm run generate -w @studio/client [-- --from http://localhost:8080]
// Reads the server's OpenAPI document (from a running server with --from, else from the app
// built in this process on an in-memory database), keeps the /v1 operations and writes
// openapi.gen.json and src/api.gen.ts: one type per request body, query and answer, and one
// method per operationId. Run it again whenever a /v1 route or schema changes; the test
// `src/client.test.ts` fails while the committed file is out of date.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateClientSource, type OpenApiDocument, pickV1 } from "./openapi-to-ts.ts";

async function loadDocument(): Promise<OpenApiDocument> {
  const at = process.argv.indexOf("--from");
  if (at > 0 && process.argv[at + 1]) {
    const res = await fetch(new URL("/api/docs", process.argv[at + 1]));
    if (!res.ok) throw new Error(`GET /api/docs answered ${res.status}`);
    return (await res.json()) as OpenApiDocument;
  }
  const { createTestApp } = await import("@studio/server/testing");
  const t = await createTestApp("pglite");
  try {
    return t.app.swagger() as unknown as OpenApiDocument;
  } finally {
    await t.close();
  }
}

const doc = pickV1(await loadDocument());
const out = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));
writeFileSync(out("openapi.gen.json"), `${JSON.stringify(doc, null, 2)}\n`);
writeFileSync(out("src/api.gen.ts"), generateClientSource(doc));
console.log(`wrote openapi.gen.json and src/api.gen.ts: ${Object.keys(doc.paths).length} paths`);
