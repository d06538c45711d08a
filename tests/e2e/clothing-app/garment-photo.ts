// A garment photo made on the spot (nothing from outside the repository): a striped coral and navy tee laid
// flat on a light backdrop, with a wire hanger's hook above its neck, as sellers shoot them.
import sharp from "sharp";

export async function garmentPhotoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000">
  <defs>
    <pattern id="stripe" width="40" height="40" patternUnits="userSpaceOnUse">
      <rect width="40" height="40" fill="#f26d5b"/><rect y="22" width="40" height="12" fill="#1e3a8a"/>
    </pattern>
  </defs>
  <rect width="800" height="1000" fill="#ecedef"/>
  <path d="M400 228 L400 120 A28 28 0 1 1 452 90" stroke="#8a8d91" stroke-width="9" fill="none"/>
  <path fill="url(#stripe)" d="M320 220 Q400 270 480 220 L600 260 L690 410 L600 450 L580 400 L580 800 L220 800 L220 400 L200 450 L110 410 L200 260 Z"/>
  <path d="M320 220 Q400 270 480 220" stroke="#1e3a8a" stroke-width="10" fill="none"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
