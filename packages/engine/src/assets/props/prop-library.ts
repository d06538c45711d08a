// The pack's photo-scanned props, ready to draw: which ones this install can serve, their
// meshes (read once) and their pictures for a view (drawn once per view, kept in memory).
import { join } from "node:path";
import { packEntries, packEntry } from "../pack.ts";
import type { PackEntry } from "../pack.types.ts";
import { photoPack } from "../photo-pack.ts";
import type { PropMesh } from "./prop-mesh.types.ts";
import { type PropSprite, type PropView, rasterizeProp } from "./rasterize-prop.ts";
import { readGltf } from "./read-gltf.ts";
import { readObj } from "./read-obj.ts";

/** props present on this install whose colours decode here, and whose id has one of `words` */
export function servableProps(words: string[]): PackEntry[] {
  const pack = photoPack();
  if (!pack) return [];
  return packEntries().filter(
    (e) =>
      e.kind === "prop-model" &&
      e.prop?.servable &&
      pack.present.has(e.id) &&
      (!e.prop.texture || pack.present.has(e.prop.texture)) &&
      words.some((w) => e.id.includes(w)),
  );
}

const meshes = new Map<string, Promise<PropMesh>>();
const sprites = new Map<string, Promise<PropSprite>>();
const MAX_SPRITES = 64;

function meshOf(id: string): Promise<PropMesh> {
  let m = meshes.get(id);
  if (!m) {
    const pack = photoPack();
    const e = packEntry(id);
    if (!pack || !e) return Promise.reject(new Error(`prop ${id} is not present`));
    const tex = e.prop?.texture ? packEntry(e.prop.texture) : undefined;
    m = e.file.endsWith(".obj")
      ? readObj(join(pack.dir, e.file), join(pack.dir, tex?.file ?? ""))
      : readGltf(join(pack.dir, e.file));
    meshes.set(id, m);
  }
  return m;
}

/** the prop's picture for this view; views are rounded so a handful serve every render */
export function propSprite(id: string, view: PropView): Promise<PropSprite> {
  const v: PropView = {
    ...view,
    pitchDeg: Math.round(view.pitchDeg / 4) * 4,
    lightAzimuthDeg: Math.round(view.lightAzimuthDeg / 15) * 15,
    lightElevationDeg: Math.round(view.lightElevationDeg / 15) * 15,
    height: 2 ** Math.ceil(Math.log2(Math.max(32, view.height))),
    key: view.key.map((c) => Math.round(c * 10) / 10) as [number, number, number],
  };
  const key = `${id}|${v.pitchDeg}|${v.yawDeg}|${v.lightAzimuthDeg}|${v.lightElevationDeg}|${v.height}|${v.key}`;
  let s = sprites.get(key);
  if (!s) {
    s = meshOf(id).then((mesh) => rasterizeProp(mesh, v));
    sprites.set(key, s);
    if (sprites.size > MAX_SPRITES) sprites.delete(sprites.keys().next().value!);
  }
  return s;
}
