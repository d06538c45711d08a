// A product photo made on the spot (nothing from outside the repository): a glossy bottle
// standing on a plain backdrop, the kind of picture a seller takes at home.
import sharp from "sharp";

export async function productPhotoPng(width = 900, height = 900): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 900 900">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f1f2f4"/><stop offset="1" stop-color="#dcdfe4"/>
    </linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#7f1d1d"/><stop offset="0.35" stop-color="#dc2626"/>
      <stop offset="0.6" stop-color="#ef4444"/><stop offset="1" stop-color="#7f1d1d"/>
    </linearGradient>
    <linearGradient id="cap" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#1f2937"/><stop offset="0.5" stop-color="#6b7280"/>
      <stop offset="1" stop-color="#111827"/>
    </linearGradient>
  </defs>
  <rect width="900" height="900" fill="url(#bg)"/>
  <ellipse cx="450" cy="770" rx="170" ry="22" fill="#000" opacity="0.12"/>
  <rect x="395" y="130" width="110" height="110" rx="14" fill="url(#cap)"/>
  <path d="M410 240 h80 v50 q0 30 60 70 q40 30 40 90 v280 q0 40 -40 40 h-200 q-40 0 -40 -40 v-280 q0 -60 40 -90 q60 -40 60 -70z" fill="url(#glass)"/>
  <rect x="330" y="470" width="240" height="150" rx="10" fill="#fef3c7"/>
  <rect x="360" y="510" width="180" height="20" rx="6" fill="#92400e"/>
  <rect x="385" y="550" width="130" height="14" rx="5" fill="#b45309"/>
  <rect x="345" y="380" width="22" height="360" rx="11" fill="#fff" opacity="0.35"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
