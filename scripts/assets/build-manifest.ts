// Writes the project's manifest of the photographic pack, packages/engine/src/assets/pack.json,
// from the pack's manifest.tsv, and ASSETS.md (what the pack is made of, where each file comes
// from, its licence) from that. `npm run assets:manifest -- [manifest.tsv]`, default
// ../shared/asset-pack/manifest.tsv. The annotations in pack.json (surface, plate, panorama,
// prop notes and the Chinese tags) are measured or written by hand after this step
// (annotate-pack.ts), so a rebuild keeps them for every id it still lists.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type {
  PackEntry,
  PackKind,
  PackManifest,
} from "../../packages/engine/src/assets/pack.types.ts";
import { assetsMarkdown } from "./assets-markdown.ts";
import { parseTsv } from "./parse-tsv.ts";

const root = join(import.meta.dirname, "../..");
const tsvPath = process.argv[2] ?? join(root, "../shared/asset-pack/manifest.tsv");
const manifestPath = join(root, "packages/engine/src/assets/pack.json");
const markdownPath = join(root, "ASSETS.md");

const KINDS: readonly PackKind[] = [
  "surface",
  "surface-map",
  "wall",
  "panorama",
  "plate",
  "prop-model",
  "prop-texture",
  "prop-cutout",
];

const before = existsSync(manifestPath)
  ? (JSON.parse(readFileSync(manifestPath, "utf8")) as PackManifest)
  : { version: 1 as const, entries: [] };
const kept = new Map(before.entries.map((e) => [e.id, e]));

const rows = parseTsv(readFileSync(tsvPath, "utf8"));
// id = the file's path without its extension; when two files share that (an OBJ prop and its
// texture, kiwi.obj and kiwi.jpg; a glTF and its .bin), the model keeps it and the other keeps
// its extension
const stripped = (file: string) => file.replace(/\.[^./]+$/, "");
const shared = new Map<string, number>();
for (const r of rows)
  shared.set(stripped(r.file ?? ""), (shared.get(stripped(r.file ?? "")) ?? 0) + 1);
const idOf = (file: string, kind: string) =>
  (shared.get(stripped(file)) ?? 0) > 1 &&
  !(kind === "prop-model" && /\.(gltf|glb|obj)$/.test(file))
    ? file
    : stripped(file);
const entries = rows.map((row): PackEntry => {
  const need = (name: string) => {
    const v = row[name];
    if (v === undefined || v === "")
      throw new Error(`${tsvPath}: ${row.file ?? "?"} has no ${name}`);
    return v;
  };
  const file = need("file");
  const kind = need("kind") as PackKind;
  if (!KINDS.includes(kind)) throw new Error(`${tsvPath}: ${file} has an unknown kind "${kind}"`);
  const id = idOf(file, kind);
  const old = kept.get(id);
  return {
    id,
    file,
    kind,
    subject: need("subject"),
    tags: {
      en: (row.tags ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
      zh: old?.tags.zh ?? [],
    },
    width: Number(row.width ?? 0),
    height: Number(row.height ?? 0),
    bytes: Number(need("bytes")),
    sha256: need("sha256").toLowerCase(),
    rawUrl: need("raw_url"),
    origin: need("origin"),
    repo: need("repo"),
    licence: need("licence"),
    // annotations are the project's own: kept as they are
    ...(old?.surface ? { surface: old.surface } : {}),
    ...(old?.plate ? { plate: old.plate } : {}),
    ...(old?.panorama ? { panorama: old.panorama } : {}),
    ...(old?.prop ? { prop: old.prop } : {}),
  };
});
entries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
const ids = new Set<string>();
for (const e of entries) {
  if (ids.has(e.id)) throw new Error(`${tsvPath}: two files share the id ${e.id}`);
  ids.add(e.id);
}

const manifest: PackManifest = { version: 1, entries };
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
// in the repository's own JSON style, so a rebuild that changes nothing leaves no diff
execFileSync(join(root, "node_modules/.bin/biome"), ["format", "--write", manifestPath], {
  stdio: "ignore",
});
writeFileSync(markdownPath, assetsMarkdown(manifest));
const dropped = before.entries.filter((e) => !ids.has(e.id)).length;
console.log(
  `pack.json: ${entries.length} entries (${entries.filter((e) => kept.has(e.id)).length} kept their annotations, ${dropped} dropped); ASSETS.md written`,
);
