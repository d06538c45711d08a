// The template catalogue is data: one JSON table per group in templates/ (studio, lifestyle,
// seasonal, outdoor), every row the same schema (TemplateDef), checked here once when the
// engine loads so a mistyped row fails loudly at start, not as a strange set later. The
// photographic sets choose their plates, scans and props by tags from the pack's manifest
// (photo-sets/photo-set-table.ts), so a row names only what a drawn set needs.
import { readFileSync } from "node:fs";
import type { TemplateDef, TemplateInfo } from "./template.types.ts";

const GROUPS = ["studio", "lifestyle", "seasonal", "outdoor"] as const;

const KINDS = new Set([
  "paper",
  "plaster",
  "marble",
  "wood",
  "concrete",
  "terrazzo",
  "linen",
  "sand",
  "asphalt",
  "metal",
  "acrylic",
  "water",
]);
const BACKDROPS = new Set(["sweep", "wall", "outdoor"]);
const LAYOUTS = new Set(["floor", "podium", "tiered", "plinth", "steps", "slab", "arch", "duo"]);
const LIGHT = ["azimuth", "elevation", "softness", "kelvin", "intensity", "ambient", "glow"];

export const templateDefs: TemplateDef[] = GROUPS.flatMap((group) => {
  const file = new URL(`./templates/${group}.json`, import.meta.url);
  const rows = JSON.parse(readFileSync(file, "utf8")) as unknown[];
  return rows.map((row, i) => checkTemplate(row, `templates/${group}.json row ${i + 1}`));
});

/** the public catalogue: ids, names in both languages, tags */
export const templates: TemplateInfo[] = templateDefs.map(({ id, name, tags, description }) =>
  description ? { id, name, tags, description } : { id, name, tags },
);

export function findTemplate(id: string): TemplateDef | undefined {
  return templateDefs.find((t) => t.id === id);
}

export function checkTemplate(row: unknown, where: string): TemplateDef {
  const t = row as TemplateDef;
  const fail = (what: string): never => {
    throw new Error(`${where} (${t?.id ?? "no id"}): ${what}`);
  };
  if (typeof t?.id !== "string" || !/^[a-z0-9-]+$/.test(t.id)) fail("id must be kebab-case");
  if (typeof t.name?.en !== "string" || typeof t.name?.zh !== "string")
    fail("name needs en and zh");
  if (!Array.isArray(t.tags) || !t.tags.length) fail("tags must be a non-empty list");
  if (!BACKDROPS.has(t.backdrop)) fail(`backdrop must be one of ${[...BACKDROPS]}`);
  for (const part of ["floor", "wall", "stage", "prop"] as const)
    if (!KINDS.has(t[part]?.kind)) fail(`${part}.kind must be a material`);
  if (!Array.isArray(t.layouts) || !t.layouts.every((l) => LAYOUTS.has(l)))
    fail("layouts must be layout names");
  if (!Array.isArray(t.props) || t.props.length !== 2) fail("props must be [min, max]");
  for (const k of LIGHT)
    if (typeof (t.light as unknown as Record<string, unknown>)?.[k] !== "number")
      fail(`light.${k} must be a number`);
  if (typeof t.aperture !== "number") fail("aperture must be a number");
  return t;
}
