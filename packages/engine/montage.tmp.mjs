import sharp from "sharp";

const [out, ...files] = process.argv.slice(2);
const S = 384;
const cols = Math.min(4, files.length);
const rows = Math.ceil(files.length / cols);
const tiles = await Promise.all(
  files.map((f) => sharp(f).resize(S, S, { fit: "contain", background: "#fff" }).toBuffer()),
);
await sharp({ create: { width: cols * S, height: rows * S, channels: 3, background: "#fff" } })
  .composite(
    tiles.map((input, i) => ({ input, left: (i % cols) * S, top: Math.floor(i / cols) * S })),
  )
  .png()
  .toFile(out);
