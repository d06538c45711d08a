// Adds the engine's annotations to packages/engine/src/assets/pack.json: measured where the
// pixels can tell (a surface's colour, a plate's light side and colour, a panorama's brightest
// region and its colour), by hand where they cannot (a tile's real size, gloss, what a plate
// must not show). Needs the pack's files: `npm run assets:annotate -- <pack folder>`
// (default ../shared/asset-pack). Run after `npm run assets:manifest`; review the sheet.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import type {
  PackEntry,
  PackManifest,
  PanoramaNotes,
  PlateNotes,
} from "../../packages/engine/src/assets/pack.types.ts";
import { readGltf } from "../../packages/engine/src/assets/props/read-gltf.ts";
import { readObj } from "../../packages/engine/src/assets/props/read-obj.ts";
import { readHdr } from "../../packages/engine/src/assets/read-hdr.ts";
import { HAND } from "./hand-notes.ts";

const packDir = process.argv[2] ?? join(import.meta.dirname, "../../../shared/asset-pack");
const manifestPath = join(import.meta.dirname, "../../packages/engine/src/assets/pack.json");
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as PackManifest;

for (const e of manifest.entries) {
  e.tags.zh = [...new Set(e.tags.en.map((t) => HAND.zh[t]).filter((t): t is string => !!t))];
  if (e.kind === "surface" || e.kind === "wall") {
    const tile = HAND.tileCm.find(([word]) => e.id.includes(word));
    e.surface = {
      tileCm: tile?.[1] ?? 150,
      glossy: HAND.glossy.some((w) => e.id.includes(w)),
      color: await meanColor(join(packDir, e.file)),
    };
  }
  if (e.kind === "plate") e.plate = await plateNotes(e);
  if (e.kind === "panorama") e.panorama = panoramaNotes(e);
  if (e.kind === "prop-model") {
    // a .bin is a glTF's geometry, not a prop of its own; the tea set laid out in a row is
    // the posed one's parts
    if (e.file.endsWith(".bin") || e.id.endsWith("tea_set_01_1k")) delete e.prop;
    else e.prop = await propNotes(e);
  }
}
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
// the same layout as assets:manifest writes, so the two never fight over the file
execFileSync(join(import.meta.dirname, "../../node_modules/.bin/biome"), [
  "format",
  "--write",
  manifestPath,
]);
console.log(`annotated ${manifest.entries.length} entries in ${manifestPath}`);

/** a prop: its real height by hand; whether its colours decode here, by reading it */
async function propNotes(e: PackEntry): Promise<PackEntry["prop"]> {
  const heightCm = HAND.propCm.find(([word]) => e.id.includes(word))?.[1] ?? 20;
  const yawDeg = HAND.propYaw.find(([word]) => e.id.includes(word))?.[1] ?? 20;
  const folder = e.file.slice(0, e.file.lastIndexOf("/"));
  const texture = manifest.entries.find(
    (t) => t.kind === "prop-texture" && t.file.startsWith(folder) && !t.file.includes("/textures/"),
  );
  try {
    if (e.file.endsWith(".obj")) {
      if (!texture) throw new Error("no texture");
      await readObj(join(packDir, e.file), join(packDir, texture.file));
      return { heightCm, servable: true, yawDeg, texture: texture.id };
    }
    await readGltf(join(packDir, e.file));
    return { heightCm, servable: true, yawDeg };
  } catch {
    return { heightCm, servable: false, yawDeg };
  }
}

async function meanColor(file: string): Promise<[number, number, number]> {
  const { channels } = await sharp(file).removeAlpha().stats();
  // stats() reads the file as it is: a grey texture has one channel
  return [0, 1, 2].map((c) => Math.round((channels[c] ?? channels[0]!).mean)) as [
    number,
    number,
    number,
  ];
}

/**
 * A plate: its horizon from the pack's own description ("horizon at ~52% height"), what its
 * ground is and whether it is a room from its tags, its light measured (the brighter side of
 * the upper half is where the light comes from; the colour balance gives the temperature).
 */
async function plateNotes(e: PackEntry): Promise<PlateNotes> {
  const m = /~(\d+)%/.exec(e.subject);
  const name = e.id.split("/").pop()!;
  const indoor =
    HAND.rooms.includes(name) ||
    (e.tags.en.some((t) => HAND.indoorTags.includes(t)) && !e.tags.en.includes("patio"));
  const { data, info } = await sharp(join(packDir, e.file))
    .resize(96, 64, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let left = 0;
  let right = 0;
  let r = 0;
  let b = 0;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      const l = data[i]! + data[i + 1]! + data[i + 2]!;
      if (y < info.height / 2) {
        if (x < info.width / 3) left += l;
        if (x >= (info.width * 2) / 3) right += l;
      }
      r += data[i]!;
      b += data[i + 2]!;
    }
  const side = (right - left) / Math.max(1, right + left);
  return {
    horizon: m ? Number(m[1]) / 100 : 0.5,
    ground:
      HAND.plateGround.find(([word]) => e.id.includes(word))?.[1] ?? (indoor ? "floor" : "none"),
    indoor,
    avoid: HAND.avoid[e.id.split("/").pop()!] ?? [],
    lightAzimuth: Math.round(Math.max(-70, Math.min(70, side * 240))),
    kelvin: kelvinOf(r, b),
    ...(HAND.unfit[e.id.split("/").pop()!] ? { unfit: HAND.unfit[e.id.split("/").pop()!]! } : {}),
    ...(HAND.defocus[e.id.split("/").pop()!]
      ? { defocus: HAND.defocus[e.id.split("/").pop()!]! }
      : {}),
  };
}

/** colour temperature from the red/blue balance of a light (a rough, monotone fit) */
function kelvinOf(r: number, b: number): number {
  const k = 6500 * (b / Math.max(1, r)) ** 1.4;
  return Math.round(Math.max(2200, Math.min(12000, k)) / 50) * 50;
}

/**
 * A panorama: its light is its brightest region (summed over 16×8 blocks, so one hot pixel
 * does not win), given as yaw and elevation; the region's colour gives the temperature; an
 * equirectangular panorama's horizon is its middle row when level.
 */
function panoramaNotes(e: PackEntry): PanoramaNotes {
  const indoor = e.tags.en.some((t) => HAND.indoorTags.includes(t));
  const ground =
    HAND.panoramaGround.find(([w]) => e.tags.en.includes(w))?.[1] ?? (indoor ? "floor" : "mixed");
  const views = HAND.panoramaViews[e.id.split("/").pop()!];
  const base = {
    horizon: 0.5,
    ground,
    indoor,
    yaw: [-180, 180] as [number, number],
    ...(views ? { views } : {}),
  };
  if (!e.file.endsWith(".hdr")) return { ...base, lightYaw: 0, lightElevation: 40, kelvin: 5600 };
  const img = readHdr(readFileSync(join(packDir, e.file)));
  const bw = img.width / 64;
  const bh = img.height / 32;
  let best = -1;
  let at = [0, 0, 0, 0, 0];
  for (
    let by = 0;
    by < 16;
    by++ // only the upper half: the light is above the horizon
  )
    for (let bx = 0; bx < 64; bx++) {
      let sr = 0;
      let sg = 0;
      let sb = 0;
      for (let y = by * bh; y < (by + 1) * bh; y++)
        for (let x = bx * bw; x < (bx + 1) * bw; x++) {
          const i = (y * img.width + x) * 3;
          sr += img.rgb[i]!;
          sg += img.rgb[i + 1]!;
          sb += img.rgb[i + 2]!;
        }
      const l = sr + sg + sb;
      if (l > best) {
        best = l;
        at = [bx, by, sr, sg, sb];
      }
    }
  const [bx, by, sr, , sb] = at as [number, number, number, number, number];
  return {
    ...base,
    lightYaw: Math.round(((bx + 0.5) / 64 - 0.5) * 360),
    lightElevation: Math.round((0.5 - (by + 0.5) / 32) * 180),
    kelvin: kelvinOf(sr, sb),
  };
}
