// `npx tsx bench/grain-pair.ts`: a before/after pair of the grain/softness match on one real
// photo with added sensor-like noise (../shared/testdata, bench only), written to /tmp/grain/.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { compositeProduct } from "../src/composite/composite.ts";
import { cutout } from "../src/cutout/cutout.ts";
import { decodeImage } from "../src/input/decode.ts";
import { renderScene } from "../src/render/index.ts";
import { rng } from "../src/render/noise.ts";
import { planScenes } from "../src/scenes/index.ts";

const PHOTO = join(
  import.meta.dirname,
  "../../../../shared/testdata/products",
  process.env.GRAIN_PHOTO ?? "grabcut_teddy.jpg",
);
const OUT = join("/tmp/grain", process.env.GRAIN_TAG ?? "");
const SIGMA = Number(process.env.GRAIN_SIGMA ?? 7);
/** optional: soften the photo first (a Gaussian of this sigma, in photo pixels) */
const BLUR = Number(process.env.GRAIN_BLUR ?? 0);

await mkdir(OUT, { recursive: true });
let bytes: Buffer = await readFile(PHOTO);
if (BLUR >= 0.3) bytes = await sharp(bytes).blur(BLUR).png().toBuffer();
const img = await decodeImage(bytes);
// a dim phone shot: luminance-weighted noise (stronger in the shadows), a little chroma
const r = rng(42);
const g = () => Math.sqrt(-2 * Math.log(Math.max(1e-12, r()))) * Math.cos(2 * Math.PI * r());
for (let i = 0; i < img.width * img.height; i++) {
  const o = i * 4;
  const y = 0.299 * img.rgba[o]! + 0.587 * img.rgba[o + 1]! + 0.114 * img.rgba[o + 2]!;
  const s = SIGMA * (1.2 - (0.6 * y) / 255);
  const n = s * g();
  for (let c = 0; c < 3; c++)
    img.rgba[o + c] = Math.max(0, Math.min(255, Math.round(img.rgba[o + c]! + n + 0.35 * s * g())));
}
const cut = await cutout(img);
const plan = planScenes({
  prompt: "on a wooden table in a cozy living room",
  seed: 5,
  count: 1,
  width: 1024,
  height: 1024,
  product: { colors: cut.colors, aspectRatio: cut.bbox.width / cut.bbox.height },
})[0]!;
const scene = await renderScene(plan);
const before = await compositeProduct(scene, cut, { matchGrain: false });
const after = await compositeProduct(scene, cut);
const png = (rgb: Buffer) => sharp(rgb, { raw: { width: 1024, height: 1024, channels: 3 } }).png();
await writeFile(join(OUT, "before.png"), await png(before.rgb).toBuffer());
await writeFile(join(OUT, "after.png"), await png(after.rgb).toBuffer());
// 1:1 crops across the product's edge, side by side
const p = after.placement;
const crop = {
  left: Math.max(0, p.x - 150),
  top: Math.max(0, p.y + Math.round(p.height / 2) - 150),
  width: 300,
  height: 300,
};
const a = await png(before.rgb).extract(crop).toBuffer();
const b = await png(after.rgb).extract(crop).toBuffer();
await sharp({ create: { width: 610, height: 300, channels: 3, background: "#000" } })
  .composite([
    { input: a, left: 0, top: 0 },
    { input: b, left: 310, top: 0 },
  ])
  .png()
  .toFile(join(OUT, "crops-before-after.png"));
const gr = after.grain!;
console.log(
  `product noise Y ${gr.product.noise.luma.toFixed(2)} C ${gr.product.noise.chroma.toFixed(2)}, softness ${gr.product.softness.sigma?.toFixed(2)} px; set softness ${gr.set.softness?.toFixed(2)}, set noise ${gr.set.noise.toFixed(2)}; blur ${gr.blur.toFixed(2)}, grain added ${[...gr.addedLuma].map((v) => v.toFixed(1)).join(" ")} chroma ${gr.addedChroma.toFixed(2)}; scale ${p.scale.toFixed(2)}`,
);
