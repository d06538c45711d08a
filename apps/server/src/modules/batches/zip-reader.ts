// Reads the ZIP a batch arrives in (PKWARE APPNOTE: end of central directory → central
// directory → each local header), stored or deflated entries, with limits checked before any
// byte is inflated and again while inflating (a "zip bomb" stops at the limit). ZIP64 and
// encrypted archives are refused with a clear message.
import { inflateRawSync } from "node:zlib";

export class ZipError extends Error {}

export interface ZipEntry {
  name: string;
  bytes: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function findEnd(zip: Buffer): number {
  // the record is 22 bytes plus a comment of at most 65535
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) return i;
  }
  throw new ZipError("This is not a ZIP file (no central directory).");
}

/** entries that are files (not folders, not macOS resource forks), in archive order */
export function readZip(
  zip: Buffer,
  limits: { maxEntries: number; maxEntryBytes: number; maxTotalBytes: number },
): ZipEntry[] {
  if (zip.length < 22) throw new ZipError("This is not a ZIP file.");
  const end = findEnd(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff)
    throw new ZipError("ZIP64 archives are not supported.");
  const out: ZipEntry[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) {
      throw new ZipError("The ZIP's central directory is damaged.");
    }
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip
      .subarray(at + 46, at + 46 + nameLength)
      .toString(flags & 0x800 ? "utf8" : "latin1");
    at += 46 + nameLength + extraLength + commentLength;
    const base = name.split("/").pop() ?? "";
    if (name.endsWith("/") || name.startsWith("__MACOSX/") || base.startsWith(".") || base === "") {
      continue;
    }
    if (flags & 0x1) throw new ZipError(`${name}: encrypted ZIP entries are not supported.`);
    if (out.length >= limits.maxEntries) {
      throw new ZipError(`The ZIP holds more than ${limits.maxEntries} files.`);
    }
    if (size > limits.maxEntryBytes) {
      throw new ZipError(
        `${name} is larger than ${Math.round(limits.maxEntryBytes / 1024 / 1024)} MB.`,
      );
    }
    total += size;
    if (total > limits.maxTotalBytes) throw new ZipError("The ZIP's files are too large together.");
    if (localAt + 30 > zip.length || zip.readUInt32LE(localAt) !== LOCAL) {
      throw new ZipError(`${name}: damaged local header.`);
    }
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const raw = zip.subarray(dataAt, dataAt + compressed);
    if (raw.length !== compressed) throw new ZipError(`${name}: the archive is truncated.`);
    let bytes: Buffer;
    if (method === 0) bytes = Buffer.from(raw);
    else if (method === 8) {
      try {
        bytes = inflateRawSync(raw, { maxOutputLength: Math.max(1, limits.maxEntryBytes) });
      } catch {
        throw new ZipError(`${name}: cannot be decompressed (damaged, or larger than allowed).`);
      }
    } else throw new ZipError(`${name}: compression method ${method} is not supported.`);
    if (bytes.length !== size)
      throw new ZipError(`${name}: its size does not match the directory.`);
    out.push({ name, bytes });
  }
  return out;
}
