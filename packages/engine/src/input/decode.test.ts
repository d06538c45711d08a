import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { syntheticPhoto } from "../../test/fixtures/synthetic-product.ts";
import { decodeImage, sniffFormat } from "./decode.ts";
import { EngineError } from "./engine-error.ts";
import { normalizeUpload } from "./normalize.ts";

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "resolved";
  } catch (err) {
    expect(err).toBeInstanceOf(EngineError);
    return (err as EngineError).code;
  }
}

// A PNG that declares width × height but holds one tiny zlib stream: the classic bomb shape.
function pngDeclaring(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("decodeImage", { timeout: 60_000 }, () => {
  it("decodes every accepted format to the same RGBA size", async () => {
    const { bytes } = await syntheticPhoto({ width: 120, height: 160 });
    const encoders = {
      jpeg: (s: sharp.Sharp) => s.jpeg(),
      png: (s: sharp.Sharp) => s.png(),
      webp: (s: sharp.Sharp) => s.webp(),
      avif: (s: sharp.Sharp) => s.avif({ effort: 0 }),
      tiff: (s: sharp.Sharp) => s.tiff(),
      gif: (s: sharp.Sharp) => s.gif(),
    } as const;
    for (const [format, enc] of Object.entries(encoders)) {
      const file = await enc(sharp(bytes)).toBuffer();
      expect(sniffFormat(file)).toBe(format);
      const img = await decodeImage(file);
      expect([img.format, img.width, img.height, img.rgba.length]).toEqual([
        format,
        120,
        160,
        120 * 160 * 4,
      ]);
    }
  });

  it("takes the first frame of an animated GIF", async () => {
    const frames = Buffer.concat([Buffer.alloc(40 * 30 * 4, 255), Buffer.alloc(40 * 30 * 4, 0)]);
    for (let i = 3; i < frames.length; i += 4) frames[i] = 255;
    const gif = await sharp(frames, { raw: { width: 40, height: 60, channels: 4, pageHeight: 30 } })
      .gif()
      .toBuffer();
    const img = await decodeImage(gif);
    expect([img.width, img.height]).toEqual([40, 30]);
    expect(img.rgba[0]).toBeGreaterThan(200); // white first frame, not the black second one
  });

  it("applies EXIF orientation", async () => {
    const { bytes } = await syntheticPhoto({ width: 120, height: 160 });
    const rotated = await sharp(bytes).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const img = await decodeImage(rotated);
    expect([img.width, img.height]).toEqual([160, 120]);
  });

  it("converts other colour spaces to sRGB", async () => {
    const cmyk = await sharp({
      create: { width: 32, height: 32, channels: 3, background: "#ff0000" },
    })
      .toColourspace("cmyk")
      .jpeg()
      .toBuffer();
    const img = await decodeImage(cmyk);
    expect(img.rgba[0]).toBeGreaterThan(200);
    expect(img.rgba[1]).toBeLessThan(60);
  });

  it("refuses decompression bombs before decoding", async () => {
    const bomb = pngDeclaring(60_000, 60_000);
    expect(await codeOf(decodeImage(bomb))).toBe("TOO_MANY_PIXELS");
    const small = await sharp({
      create: { width: 300, height: 300, channels: 3, background: "#888" },
    })
      .png()
      .toBuffer();
    expect(await codeOf(decodeImage(small, { maxPixels: 50_000 }))).toBe("TOO_MANY_PIXELS");
  });

  it("refuses garbage, truncated, empty and tiny files with typed errors", async () => {
    expect(await codeOf(decodeImage(Buffer.from("definitely not an image")))).toBe(
      "UNSUPPORTED_FORMAT",
    );
    expect(await codeOf(decodeImage(Buffer.alloc(0)))).toBe("UNDECODABLE");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(await codeOf(decodeImage(svg))).toBe("UNSUPPORTED_FORMAT");
    const { bytes } = await syntheticPhoto({ width: 120, height: 160 }, "jpeg");
    expect(await codeOf(decodeImage(bytes.subarray(0, 400)))).toBe("UNDECODABLE");
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    expect(await codeOf(decodeImage(tiny))).toBe("TOO_SMALL");
  });
});

describe("normalizeUpload", { timeout: 60_000 }, () => {
  it("stores an upright, metadata-free copy", async () => {
    const { bytes } = await syntheticPhoto({ width: 120, height: 160 });
    const withExif = await sharp(bytes)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret", Artist: "someone" } } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const n = await normalizeUpload(withExif);
    expect([n.format, n.width, n.height]).toEqual(["jpeg", 160, 120]);
    const meta = await sharp(n.bytes).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
      160,
      120,
      undefined,
      undefined,
    ]);
    expect(n.bytes.includes(Buffer.from("secret"))).toBe(false);
  });

  it("keeps transparency as PNG", async () => {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 4, background: "#ff000080" },
    })
      .png()
      .toBuffer();
    const n = await normalizeUpload(png);
    expect(n.format).toBe("png");
    expect((await sharp(n.bytes).metadata()).hasAlpha).toBe(true);
  });
});
