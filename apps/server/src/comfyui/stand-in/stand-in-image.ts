// What the stand-in answers instead of a diffusion model's image: the input it was given (or a
// grey frame), washed out, with a banner saying plainly that no model made it, so a newcomer who
// runs `make start` with COMFYUI_STAND_IN=on never mistakes it for a generated photo.
import sharp from "sharp";

export async function standInImage(
  width: number,
  height: number,
  base: Buffer | undefined,
  caption: string,
): Promise<Buffer> {
  const w = Math.max(64, Math.round(width));
  const h = Math.max(64, Math.round(height));
  const under = base
    ? await sharp(base)
        .resize(w, h, { fit: "cover" })
        .removeAlpha()
        .modulate({ saturation: 0.35 })
        .toBuffer()
    : await sharp({ create: { width: w, height: h, channels: 3, background: "#9a9a9a" } })
        .png()
        .toBuffer();
  // sized on the width too: the words must fit a portrait frame (try-on) as well as a square
  const big = Math.max(10, Math.round(Math.min(h / 12, w / 11)));
  const small = Math.max(8, Math.round(Math.min(h / 28, w / 30)));
  const band = Math.round(big * 1.6 + small * 3.4);
  // near the top: the studio pastes the product back over the middle of a scene afterwards
  const top = Math.round(h * 0.04);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<rect x="0" y="${top}" width="${w}" height="${band}" fill="#000" fill-opacity="0.72"/>
<text x="50%" y="${top + Math.round(big * 1.2)}" font-family="sans-serif" font-size="${big}" font-weight="bold" fill="#ffd200" text-anchor="middle">STAND-IN IMAGE</text>
<text x="50%" y="${top + Math.round(big * 1.2 + small * 1.5)}" font-family="sans-serif" font-size="${small}" fill="#fff" text-anchor="middle">not generated: no ComfyUI model made it</text>
<text x="50%" y="${top + Math.round(big * 1.2 + small * 2.8)}" font-family="sans-serif" font-size="${small}" fill="#ccc" text-anchor="middle">${escapeXml(caption)}</text>
</svg>`;
  return sharp(under)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png()
    .toBuffer();
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
