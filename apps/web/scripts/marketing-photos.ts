// Makes the marketing pages' example photos with the project's own engine, from the real
// product photos in marketing-photos/ (licences in its SOURCES.md): for each set of
// marketing-photos/examples.config.json, the original and one result per template, as WebP
// at 400 and 800 px wide in public/examples/, and src/marketing/examples.gen.json
// describing them. Cached: when the photos, the config and this script are unchanged the
// files are kept (the build runs this first; it takes a few milliseconds then).
// `--force` regenerates.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const web = path.resolve(import.meta.dirname, "..");
const photosDir = path.join(web, "marketing-photos");
const outDir = path.join(web, "public", "examples");
const manifestFile = path.join(web, "src", "marketing", "examples.gen.json");
const WIDTHS = [400, 800] as const;

interface SetConfig {
  photo: string;
  templates: string[];
  preset?: "amazon";
}
const config = JSON.parse(readFileSync(path.join(photosDir, "examples.config.json"), "utf8")) as {
  sets: Record<string, SetConfig>;
};

const hash = createHash("sha256");
hash.update(readFileSync(import.meta.filename));
hash.update(JSON.stringify(config.sets));
for (const f of readdirSync(photosDir).sort())
  hash.update(f).update(readFileSync(path.join(photosDir, f)));
const digest = hash.digest("hex").slice(0, 16);

const previous = existsSync(manifestFile)
  ? (JSON.parse(readFileSync(manifestFile, "utf8")) as { digest?: string })
  : {};
if (previous.digest === digest && existsSync(outDir) && !process.argv.includes("--force")) {
  console.log(`marketing photos: up to date (${digest})`);
  process.exit(0);
}

const started = Date.now();
// The engine (and its ML model) is loaded only when something has to be made.
const engine = await import("@studio/engine");
// with the photographic pack (STUDIO_ASSETS_DIR), the examples show the sets sellers get
const packDir = process.env.STUDIO_ASSETS_DIR;
if (packDir) engine.setPhotoPack(packDir, engine.presentBySize(packDir));
console.log(`marketing photos: ${engine.setsArePhotographic() ? "photographic" : "drawn"} sets`);

async function writeWebp(bytes: Buffer, dir: string, name: string) {
  mkdirSync(dir, { recursive: true });
  const meta = await sharp(bytes).metadata();
  for (const w of WIDTHS) {
    await sharp(bytes)
      .resize({ width: w, withoutEnlargement: false })
      .webp({ quality: 78, effort: 5 })
      .toFile(path.join(dir, `${name}-${w}.webp`));
  }
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

rmSync(outDir, { recursive: true, force: true });
const cutouts = new Map<string, Awaited<ReturnType<typeof engine.cutout>>>();
const originals: Record<string, { width: number; height: number }> = {};
const sets: Record<
  string,
  {
    photo: string;
    results: { template: string; width: number; height: number; amazonOk?: boolean }[];
  }
> = {};

for (const [id, set] of Object.entries(config.sets)) {
  const stem = set.photo.replace(/\.\w+$/, "");
  let cut = cutouts.get(set.photo);
  if (!cut) {
    const bytes = readFileSync(path.join(photosDir, set.photo));
    const image = await engine.decodeImage(bytes);
    cut = await engine.cutout(image);
    cutouts.set(set.photo, cut);
    originals[stem] = await writeWebp(bytes, path.join(outDir, "originals"), stem);
  }
  const results = [];
  for (const [i, template] of set.templates.entries()) {
    const [img] = await engine.generateFromCutout(cut, {
      ...(set.preset
        ? { preset: set.preset }
        : { templateId: template, width: 1024, height: 1024 }),
      count: 1,
      seed: 7 + i,
      format: "jpeg",
      quality: 92,
    });
    if (!img) throw new Error(`no image for ${id}/${template}`);
    const size = await writeWebp(img.bytes, path.join(outDir, id), template);
    const amazonOk = set.preset === "amazon" ? (await engine.checkAmazon(img.bytes)).ok : undefined;
    results.push({ template, ...size, ...(amazonOk === undefined ? {} : { amazonOk }) });
    process.stdout.write(".");
  }
  sets[id] = { photo: stem, results };
}

writeFileSync(manifestFile, `${JSON.stringify({ digest, originals, sets }, null, 1)}\n`);
console.log(
  `\nmarketing photos: ${Object.keys(sets).length} sets made in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
