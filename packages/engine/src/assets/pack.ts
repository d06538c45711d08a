// The project's manifest of the photographic pack (pack.json) and queries over it: which
// entries exist, which are present on this install, which match a set's tags.
import { readFileSync } from "node:fs";
import type { PackEntry, PackKind, PackManifest } from "./pack.types.ts";
import { viewPlates } from "./panorama-views.ts";
import { photoPack } from "./photo-pack.ts";

let manifest: PackManifest | undefined;
let views: PackEntry[] | undefined;

/** every entry of the shipped manifest */
export function packEntries(): readonly PackEntry[] {
  manifest ??= JSON.parse(
    readFileSync(new URL("./pack.json", import.meta.url), "utf8"),
  ) as PackManifest;
  return manifest.entries;
}

/** the plates cut from panoramas (panorama-views.ts): not files of the pack, views of them */
function viewEntries(): readonly PackEntry[] {
  views ??= packEntries().flatMap(viewPlates);
  return views;
}

export function packEntry(id: string): PackEntry | undefined {
  return packEntries().find((e) => e.id === id) ?? viewEntries().find((e) => e.id === id);
}

/** entries of a kind whose files this install holds, verified (a view: its panorama's) */
export function presentEntries(kind: PackKind): PackEntry[] {
  const pack = photoPack();
  if (!pack) return [];
  return [...packEntries(), ...(kind === "plate" ? viewEntries() : [])].filter(
    (e) => e.kind === kind && pack.present.has(e.view?.of ?? e.id),
  );
}

/**
 * Whether a pack entry is a photograph or a scan of one. The manifest says so in the subject
 * of the one that is not (ambientCG's terrazzo is generated); drawn, it gives a set away as
 * surely as our own drawing.
 */
export function isPhotographed(e: PackEntry): boolean {
  return !/not a photo scan/.test(e.subject);
}

/**
 * The sets are photographic when the pack holds every surface, wall and plate the set table
 * names; while a fetch is still under way they stay drawn, so a seller never gets a set half
 * made of photographs and half drawn.
 */
export function setsArePhotographic(): boolean {
  const pack = photoPack();
  if (!pack) return false;
  return packEntries()
    .filter((e) => e.kind === "surface" || e.kind === "wall" || e.kind === "plate")
    .every((e) => pack.present.has(e.id));
}
