// Product photos made by the tests themselves: a coloured "bottle" on a plain backdrop, small
// enough to keep every suite fast.
import { randomBytes } from "node:crypto";
import sharp from "sharp";

export async function productPhoto(
  opts: {
    size?: number;
    color?: { r: number; g: number; b: number };
    format?: "jpeg" | "png" | "webp";
    orientation?: number;
    width?: number;
    height?: number;
  } = {},
): Promise<Buffer> {
  const w = opts.width ?? opts.size ?? 256;
  const h = opts.height ?? opts.size ?? 256;
  const pw = Math.round(w * 0.36);
  const ph = Math.round(h * 0.6);
  const color = opts.color ?? { r: 190, g: 40, b: 50 };
  const product = await sharp({
    create: { width: pw, height: ph, channels: 4, background: { ...color, alpha: 1 } },
  })
    .composite([
      {
        // a label, so the product is not a flat colour
        input: await sharp({
          create: {
            width: Math.round(pw * 0.7),
            height: Math.round(ph * 0.25),
            channels: 4,
            background: { r: 245, g: 240, b: 220, alpha: 1 },
          },
        })
          .png()
          .toBuffer(),
        top: Math.round(ph * 0.35),
        left: Math.round(pw * 0.15),
      },
    ])
    .png()
    .toBuffer();
  let img = sharp({
    create: { width: w, height: h, channels: 3, background: { r: 236, g: 236, b: 240 } },
  }).composite([{ input: product, left: Math.round((w - pw) / 2), top: Math.round(h * 0.25) }]);
  const flat = await img.png().toBuffer();
  img = sharp(flat);
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  const format = opts.format ?? "jpeg";
  if (format === "png") return img.png().toBuffer();
  if (format === "webp") return img.webp().toBuffer();
  return img.jpeg({ quality: 90 }).toBuffer();
}

/** A photo of nothing: one flat colour (the classical cut-out finds no product). */
export async function blankPhoto(size = 128): Promise<Buffer> {
  return sharp({
    create: { width: size, height: size, channels: 3, background: { r: 200, g: 200, b: 200 } },
  })
    .jpeg()
    .toBuffer();
}

/** Random pixels as PNG: large in bytes for its size. */
export async function noisePng(size: number): Promise<Buffer> {
  const raw = randomBytes(size * size * 3);
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/** multipart/form-data body with one file part. */
export function multipartBody(
  bytes: Buffer,
  opts: { field?: string; filename?: string; contentType?: string } = {},
) {
  return multipartForm([
    {
      name: opts.field ?? "file",
      filename: opts.filename ?? "photo.jpg",
      contentType: opts.contentType ?? "image/jpeg",
      body: bytes,
    },
  ]);
}

/** multipart/form-data body of several parts: files (with a filename) and plain fields. */
export function multipartForm(
  parts: { name: string; filename?: string; contentType?: string; body: Buffer | string }[],
) {
  const boundary = `----studio${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = p.filename
      ? `; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? "application/octet-stream"}`
      : "";
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Test settings for apps with uploads and generations: fast cut-outs, small outputs and limits,
 * and no product detection (it loads a model per engine thread; engine-thread.test.ts runs it).
 */
export const studioEnv = {
  CUTOUT_METHOD: "classical",
  DETECT_PRODUCT: "false",
  OUTPUT_MAX_SIDE: "256",
  UPLOAD_MAX_BYTES: "200000",
  UPLOAD_MAX_PIXELS: "1000000",
};
