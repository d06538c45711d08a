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
  const size = Math.max(12, Math.round(Math.min(w, h) / 14));
  const band = Math.round(size * 3.4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<rect x="0" y="${Math.round((h - band) / 2)}" width="${w}" height="${band}" fill="#000" fill-opacity="0.72"/>
<text x="50%" y="${Math.round(h / 2 - size * 0.3)}" font-family="sans-serif" font-size="${size}" font-weight="bold" fill="#ffd200" text-anchor="middle">ComfyUI STAND-IN: not a generated image</text>
<text x="50%" y="${Math.round(h / 2 + size * 0.9)}" font-family="sans-serif" font-size="${Math.round(size * 0.6)}" fill="#fff" text-anchor="middle">${escapeXml(caption)}</text>
</svg>`;
  return sharp(under)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png()
    .toBuffer();
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
