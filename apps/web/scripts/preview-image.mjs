// A page's link preview (Open Graph / Twitter card): 1200×630 JPEG drawn with sharp from an
// SVG: the brand's gradient, the page's title, and the page's example photo when it has one.
import sharp from "sharp";

const W = 1200;
const H = 630;
const esc = (s) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** Greedy word wrap for the title (DejaVu Sans Bold at 60 px: ~0.6 em per character). */
function wrap(text, maxChars) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if ((line ? `${line} ${word}` : word).length > maxChars && line) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

export async function previewImage(meta, photo) {
  const title = meta.title.replace(/ · Photoshoot Studio$/, "");
  const textWidth = photo ? 540 : 1060;
  const lines = wrap(title, Math.floor(textWidth / 37));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#4338ca"/><stop offset="1" stop-color="#a21caf"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#g)"/>
  <text x="64" y="96" font-family="DejaVu Sans" font-weight="bold" font-size="30" fill="#e0e7ff">Photoshoot Studio</text>
  ${lines
    .map(
      (l, i) =>
        `<text x="64" y="${220 + i * 74}" font-family="DejaVu Sans" font-weight="bold" font-size="58" fill="#ffffff">${esc(l)}</text>`,
    )
    .join("\n  ")}
  <text x="64" y="${H - 60}" font-family="DejaVu Sans" font-size="${photo ? 22 : 26}" fill="#e0e7ff">${photo ? "Made by our engine · 20 free photos a day" : "20 free photos a day · your product's own pixels, never repainted"}</text>
</svg>`;
  const layers = [];
  if (photo) {
    const tile = await sharp(photo).resize(520, 520, { fit: "cover" }).jpeg().toBuffer();
    layers.push({ input: tile, left: W - 520 - 56, top: 55 });
  }
  return sharp(Buffer.from(svg)).composite(layers).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
