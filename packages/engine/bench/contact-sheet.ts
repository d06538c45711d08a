// `npm run sheet`: one PNG contact sheet of every template, to look at with your own eyes.
// Rows are templates; columns are four variants of the template's empty set (what the
// renderer draws before the product is composited).
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { renderScene } from "../src/render/index.ts";
import { planScenes, templates } from "../src/scenes/index.ts";

const CELL = Number(process.env.SHEET_CELL ?? 320);
const OUT = join(import.meta.dirname, "..", "bench-results");
const LABEL = 28;

function label(text: string, width: number): Buffer {
  const esc = text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return Buffer.from(
    `<svg width="${width}" height="${LABEL}"><rect width="100%" height="100%" fill="#111"/><text x="8" y="19" font-family="sans-serif" font-size="15" fill="#eee">${esc}</text></svg>`,
  );
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const only = process.argv[2];
  const list = only ? templates.filter((t) => only.split(",").includes(t.id)) : templates;
  const product = { colors: [[60, 90, 150] as [number, number, number]], aspectRatio: 0.6 };
  const cols = 4;
  const tiles: sharp.OverlayOptions[] = [];
  let row = 0;
  for (const t of list) {
    const plans = planScenes({
      templateId: t.id,
      seed: 11,
      count: cols,
      width: CELL,
      height: CELL,
      product,
    });
    tiles.push({
      input: label(`${t.id} · ${t.name.en}`, cols * CELL),
      left: 0,
      top: row * (CELL + LABEL),
    });
    for (let c = 0; c < cols; c++) {
      const scene = await renderScene(plans[c]!);
      const { centerX, baseY, maxWidth, maxHeight } = scene.placement;
      // the product's box, so it is plain where the compositor will put the product
      const box = Buffer.from(
        `<svg width="${CELL}" height="${CELL}"><rect x="${centerX - maxWidth / 2}" y="${baseY - maxHeight}" width="${maxWidth}" height="${maxHeight}" fill="none" stroke="#ff2a2a" stroke-opacity="0.7" stroke-dasharray="4 3"/></svg>`,
      );
      const png = await sharp(scene.rgb, { raw: { width: CELL, height: CELL, channels: 3 } })
        .composite([{ input: box }])
        .png()
        .toBuffer();
      tiles.push({ input: png, left: c * CELL, top: row * (CELL + LABEL) + LABEL });
    }
    row++;
  }
  const file = join(
    OUT,
    only ? `contact-sheet-${only.replace(/,/g, "_")}.png` : "contact-sheet.png",
  );
  await sharp({
    create: { width: cols * CELL, height: row * (CELL + LABEL), channels: 3, background: "#000" },
  })
    .composite(tiles)
    .png()
    .toFile(file);
  console.log(`wrote ${file} (${row} templates × ${cols} variants)`);
}

await main();
