// Prints the home page's initial JavaScript, gzipped, and every chunk's size.
// Initial = the entry chunk, everything it imports statically, and the detected language's
// strings (loaded before the first render). Budget: 150 KB gzipped. Run after `vite build`.
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 150;
const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
} catch {
  console.error("dist/.vite/manifest.json is missing: run `npm run build -w @studio/web` first.");
  process.exit(1);
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const initial = new Set();
const walk = (key) => {
  const chunk = manifest[key];
  if (!chunk || initial.has(chunk.file)) return;
  initial.add(chunk.file);
  for (const dep of chunk.imports ?? []) walk(dep);
};
walk(entryKey);
const langKey = Object.keys(manifest).find((k) => k.endsWith("locales/en-US/core.ts"));
const langFile = langKey ? manifest[langKey].file : null;

const rows = Object.values(manifest)
  .filter((c) => c.file.endsWith(".js"))
  .map((c) => ({
    file: c.file,
    src: c.src ?? c.name ?? "",
    raw: statSync(join(dist, c.file)).size,
    gzip: gz(c.file),
    initial: initial.has(c.file),
  }))
  .sort((a, b) => b.gzip - a.gzip);

const initialJs = rows.filter((r) => r.initial).reduce((s, r) => s + r.gzip, 0);
const langGzip = langFile ? gz(langFile) : 0;
const css = Object.values(manifest)
  .flatMap((c) => c.css ?? [])
  .filter((f, i, all) => all.indexOf(f) === i)
  .reduce((s, f) => s + gz(f), 0);

console.log("chunk".padEnd(48), "raw".padStart(10), "gzip".padStart(10), " initial");
for (const r of rows)
  console.log(
    r.file.padEnd(48),
    kb(r.raw).padStart(10),
    kb(r.gzip).padStart(10),
    r.initial ? " *" : "",
  );
console.log("");
console.log(`home page initial JS (gzip):            ${kb(initialJs)}`);
console.log(`  + English strings before first render: ${kb(initialJs + langGzip)}`);
console.log(`CSS (gzip):                             ${kb(css)}`);
console.log(`budget:                                 ${BUDGET_KB} KB gzipped initial JS`);
console.log(initialJs + langGzip <= BUDGET_KB * 1024 ? "within budget" : "OVER BUDGET");
