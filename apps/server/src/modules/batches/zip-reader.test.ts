import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { zipStore } from "../../http/zip.ts";
import { readZip, ZipError } from "./zip-reader.ts";

const limits = { maxEntries: 10, maxEntryBytes: 1_000_000, maxTotalBytes: 2_000_000 };

/** the stored ZIP turned into a deflated one (method 8), entry by entry */
function deflated(files: { name: string; bytes: Buffer }[]): Buffer {
  const stored = zipStore(files);
  const out: Buffer[] = [];
  const centrals: Buffer[] = [];
  let at = 0;
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name);
    const local = Buffer.from(stored.subarray(at, at + 30));
    const packed = deflateRawSync(f.bytes);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    out.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(local.readUInt32LE(14), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(f.bytes.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    at += 30 + name.length + f.bytes.length;
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, dir, end]);
}

describe("readZip", () => {
  const files = [
    { name: "a/one.jpg", bytes: Buffer.alloc(5000, 7) },
    { name: "two.png", bytes: Buffer.from("not really a png") },
  ];

  it("reads stored and deflated entries, skipping folders and resource forks", () => {
    const extra = [
      ...files,
      { name: "__MACOSX/a/._one.jpg", bytes: Buffer.from("x") },
      { name: "a/.DS_Store", bytes: Buffer.from("x") },
    ];
    expect(readZip(zipStore(extra), limits)).toEqual(files);
    expect(readZip(deflated(files), limits)).toEqual(files);
  });

  it("stops at its limits before and while inflating", () => {
    expect(() => readZip(zipStore(files), { ...limits, maxEntries: 1 })).toThrow(
      /more than 1 files/,
    );
    expect(() => readZip(zipStore(files), { ...limits, maxEntryBytes: 100 })).toThrow(
      /larger than/,
    );
    expect(() => readZip(zipStore(files), { ...limits, maxTotalBytes: 5010 })).toThrow(
      /too large together/,
    );
    // a bomb: the directory says 100 bytes, the data inflates to 1 MB
    const bomb = deflated([{ name: "b.jpg", bytes: Buffer.alloc(1_000_000) }]);
    const dirAt = bomb.readUInt32LE(bomb.length - 6);
    bomb.writeUInt32LE(100, dirAt + 24);
    expect(() => readZip(bomb, { ...limits, maxEntryBytes: 200 })).toThrow(ZipError);
  });

  it("refuses what is not a ZIP", () => {
    expect(() => readZip(Buffer.from("hello world, this is text"), limits)).toThrow(/not a ZIP/);
  });
});
