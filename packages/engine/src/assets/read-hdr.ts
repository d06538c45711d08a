// Radiance RGBE (.hdr) decoding: the pack's panoramas are 1024×512 HDRs, read to measure
// where their light comes from and what colour it is.

export interface HdrImage {
  width: number;
  height: number;
  /** linear RGB, 3 floats a pixel, in the file's own (relative) radiance */
  rgb: Float32Array;
}

export function readHdr(bytes: Uint8Array): HdrImage {
  let pos = 0;
  const line = () => {
    const start = pos;
    while (pos < bytes.length && bytes[pos] !== 0x0a) pos++;
    return new TextDecoder().decode(bytes.subarray(start, pos++));
  };
  if (!line().startsWith("#?")) throw new Error("not a Radiance HDR file");
  for (let l = line(); l !== ""; l = line()) {
    if (l.startsWith("FORMAT=") && l !== "FORMAT=32-bit_rle_rgbe")
      throw new Error(`unsupported HDR format ${l}`);
  }
  const m = /^-Y (\d+) \+X (\d+)$/.exec(line());
  if (!m) throw new Error("unsupported HDR orientation");
  const height = Number(m[1]);
  const width = Number(m[2]);
  const rgb = new Float32Array(width * height * 3);
  const row = new Uint8Array(width * 4);
  for (let y = 0; y < height; y++) {
    if (width >= 8 && width < 32768 && bytes[pos] === 2 && bytes[pos + 1] === 2) {
      // new run-length encoding: four channels one after the other
      pos += 4;
      for (let c = 0; c < 4; c++) {
        let x = 0;
        while (x < width) {
          let n = bytes[pos++]!;
          if (n > 128) {
            n -= 128;
            const v = bytes[pos++]!;
            for (let k = 0; k < n; k++) row[x++ * 4 + c] = v;
          } else {
            for (let k = 0; k < n; k++) row[x++ * 4 + c] = bytes[pos++]!;
          }
        }
      }
    } else {
      // flat scanline
      row.set(bytes.subarray(pos, pos + width * 4));
      pos += width * 4;
    }
    for (let x = 0; x < width; x++) {
      const e = row[x * 4 + 3]!;
      const f = e ? 2 ** (e - 136) : 0;
      const o = (y * width + x) * 3;
      rgb[o] = row[x * 4]! * f;
      rgb[o + 1] = row[x * 4 + 1]! * f;
      rgb[o + 2] = row[x * 4 + 2]! * f;
    }
  }
  return { width, height, rgb };
}
