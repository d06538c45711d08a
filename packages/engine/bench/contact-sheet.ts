// `npm run sheet [-- ids] [-- --empty]`: one PNG contact sheet of every template, to look at
// with your own eyes. Rows are templates; columns are three test photos from
// ../shared/testdata/products run through the full pipeline (cut-out once per photo, then
// plan → render → composite). With --empty, or without the test photos, the columns are four
// variants of each template's empty set with the product's box outlined.
import "./use-pack.ts";
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { cutout, decodeImage, generateFromCutout } from "../src/index.ts";
import { renderScene } from "../src/render/index.ts";
import { planScenes, templates } from "../src/scenes/index.ts";
import type { Cutout } from "../src/types.ts";

const CELL = Number(process.env.SHEET_CELL ?? 320);
const OUT = join(import.meta.dirname, "..", "bench-results");
const PHOTOS = join(import.meta.dirname, "..", "..", "..", "..", "shared", "testdata", "products");
const PICKS = ["u2net_lamp2_meitu_1.jpg", "grabcut_book.jpg", "vimukthi_0b042c60.jpg"];
const LABEL = 28;

function label(text: string, width: number): Buffer {
  const esc = text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return Buffer.from(
    `<svg width="${width}" height="${LABEL}"><rect width="100%" height="100%" fill="#111"/><text x="8" y="19" font-family="sans-serif" font-size="15" fill="#eee">${esc}</text></svg>`,
  );
}

async function emptySet(id: string, col: number): Promise<Buffer> {
  const product = { colors: [[60, 90, 150] as [number, number, number]], aspectRatio: 0.6 };
  const plan = planScenes({
    templateId: id,
    seed: 11,
    count: 4,
    width: CELL,
    height: CELL,
    product,
  })[col]!;
  const scene = await renderScene(plan);
  const { centerX, baseY, maxWidth, maxHeight } = scene.placement;
  // the product's box, so one can see it is free where the compositor will put the product
  const box = Buffer.from(
    `<svg width="${CELL}" height="${CELL}"><rect x="${centerX - maxWidth / 2}" y="${baseY - maxHeight}" width="${maxWidth}" height="${maxHeight}" fill="none" stroke="#ff2a2a" stroke-opacity="0.7" stroke-dasharray="4 3"/></svg>`,
  );
  return sharp(scene.rgb, { raw: { width: CELL, height: CELL, channels: 3 } })
    .composite([{ input: box }])
    .png()
    .toBuffer();
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const args = process.argv.slice(2);
  const empty = args.includes("--empty") || !existsSync(PHOTOS);
  const only = args.find((a) => !a.startsWith("--"));
  const list = only ? templates.filter((t) => only.split(",").includes(t.id)) : templates;
  const cuts: Cutout[] = [];
  if (!empty) {
    for (const name of PICKS) {
      const t = performance.now();
      cuts.push(await cutout(await decodeImage(await readFile(join(PHOTOS, name)))));
      console.log(
        `cut-out ${name}: ${(performance.now() - t).toFixed(0)} ms (${cuts.at(-1)!.method})`,
      );
    }
  }
  const cols = empty ? 4 : cuts.length;
  const tiles: sharp.OverlayOptions[] = [];
  let row = 0;
  for (const t of list) {
    tiles.push({
      input: label(`${t.id} · ${t.name.en}`, cols * CELL),
      left: 0,
      top: row * (CELL + LABEL),
    });
    for (let c = 0; c < cols; c++) {
      const png = empty
        ? await emptySet(t.id, c)
        : (
            await generateFromCutout(cuts[c]!, {
              templateId: t.id,
              count: 1,
              seed: 11,
              width: CELL,
              height: CELL,
              format: "png",
            })
          )[0]!.bytes;
      tiles.push({ input: png, left: c * CELL, top: row * (CELL + LABEL) + LABEL });
    }
    row++;
  }
  const name = `contact-sheet${empty ? "-empty" : ""}${only ? `-${only.replace(/,/g, "_")}` : ""}.png`;
  const file = join(OUT, name);
  await sharp({
    create: { width: cols * CELL, height: row * (CELL + LABEL), channels: 3, background: "#000" },
  })
    .composite(tiles)
    .png()
    .toFile(file);
  console.log(
    `wrote ${file} (${row} templates × ${cols} ${empty ? "variants of the empty set" : "photos"})`,
  );
}

await main();
