// A fringe pixel (0 < alpha < 255) recorded c = a·F + (1 − a)·B: the product's colour F mixed
// with the old backdrop B (a red sofa leaves a red halo round a teddy). Solve for F with B
// estimated from nearby transparent pixels, at the photo's own resolution, before any resize
// spreads the halo. Opaque pixels are never touched, nor is alpha: the Cutout's promise that
// its opaque pixels are the photo's holds.

export function decontaminate(rgba: Buffer, width: number, height: number): void {
  const r = Math.max(2, Math.round(Math.max(width, height) / 200));
  const src = Buffer.from(rgba);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const a8 = src[i + 3]!;
      if (a8 === 0 || a8 === 255) continue;
      const a = a8 / 255;
      let fr = 0;
      let fg = 0;
      let fb = 0;
      let fw = 0;
      let br = 0;
      let bg = 0;
      let bb = 0;
      let bw = 0;
      for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy++) {
        let j = (yy * width + Math.max(0, x - r)) * 4;
        for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r); xx++, j += 4) {
          const na = src[j + 3]! / 255;
          const wf = na * na * na * na;
          const nb = 1 - na;
          const wb = nb * nb * nb * nb;
          fr += src[j]! * wf;
          fg += src[j + 1]! * wf;
          fb += src[j + 2]! * wf;
          fw += wf;
          br += src[j]! * wb;
          bg += src[j + 1]! * wb;
          bb += src[j + 2]! * wb;
          bw += wb;
        }
      }
      if (fw < 1e-4) continue;
      let outR = fr / fw;
      let outG = fg / fw;
      let outB = fb / fw;
      if (bw > 1e-4 && a >= 0.3) {
        // the matting equation, trusted only where the product dominates the pixel
        const k = (1 - a) / a;
        const clamp = (v: number) => (v < 0 ? 0 : Math.min(v, 255));
        outR = clamp(src[i]! / a - (br / bw) * k);
        outG = clamp(src[i + 1]! / a - (bg / bw) * k);
        outB = clamp(src[i + 2]! / a - (bb / bw) * k);
      }
      rgba[i] = Math.round(outR);
      rgba[i + 1] = Math.round(outG);
      rgba[i + 2] = Math.round(outB);
    }
  }
}
