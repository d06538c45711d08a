// The one ZIP writer (stored entries, no compression: JPEG and WebP do not compress further),
// for "download all" (zipStore, in memory) and a batch's results (zipStream, written as it is
// sent, so the results of a 1,000-photo batch never sit in memory at once: each file is read
// from storage, sent, and only its central-directory record is kept).
// Format: PKWARE APPNOTE 6.3.x, local headers + central directory.
import { Readable } from "node:stream";
import { crc32 } from "node:zlib";

export interface ZipFile {
  name: string;
  bytes: Buffer;
}

/** Lays out the entries one after the other; the caller sends what each step returns. */
function zipWriter(date: Date) {
  const dosTime = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  const dosDate =
    ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  const centrals: Buffer[] = [];
  let offset = 0;
  let count = 0;
  return {
    /** the local header and name that go before a file's bytes */
    header(f: ZipFile): Buffer {
      const name = Buffer.from(f.name, "utf8");
      const crc = crc32(f.bytes);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4); // version needed
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(0, 8); // stored
      local.writeUInt16LE(dosTime, 10);
      local.writeUInt16LE(dosDate, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(f.bytes.length, 18);
      local.writeUInt32LE(f.bytes.length, 22);
      local.writeUInt16LE(name.length, 26);
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(0x0800, 8);
      central.writeUInt16LE(dosTime, 12);
      central.writeUInt16LE(dosDate, 14);
      central.writeUInt32LE(crc, 16);
      central.writeUInt32LE(f.bytes.length, 20);
      central.writeUInt32LE(f.bytes.length, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      centrals.push(central, name);
      offset += 30 + name.length + f.bytes.length;
      count++;
      return Buffer.concat([local, name]);
    },
    /** the central directory and its end record, after the last file */
    end(): Buffer {
      const dir = Buffer.concat(centrals);
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(count, 8);
      end.writeUInt16LE(count, 10);
      end.writeUInt32LE(dir.length, 12);
      end.writeUInt32LE(offset, 16);
      return Buffer.concat([dir, end]);
    },
  };
}

export function zipStore(files: ZipFile[], date = new Date()): Buffer {
  const zip = zipWriter(date);
  return Buffer.concat([...files.flatMap((f) => [zip.header(f), f.bytes]), zip.end()]);
}

export function zipStream(files: AsyncIterable<ZipFile>, date = new Date()): Readable {
  const zip = zipWriter(date);
  async function* parts() {
    for await (const f of files) {
      yield zip.header(f);
      yield f.bytes;
    }
    yield zip.end();
  }
  return Readable.from(parts());
}
