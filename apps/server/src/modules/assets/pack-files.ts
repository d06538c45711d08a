// The files the project's manifest (packages/engine/src/assets/pack.json) says make the pack:
// only what fetching and checking them needs.
import { type PackEntry, packEntries } from "@studio/engine";

export type PackFile = Pick<PackEntry, "id" | "file" | "bytes" | "sha256" | "rawUrl">;

export function shippedPackFiles(): PackFile[] {
  return packEntries().map(({ id, file, bytes, sha256, rawUrl }) => ({
    id,
    file,
    bytes,
    sha256,
    rawUrl,
  }));
}

/** where a file is fetched from: the mirror's copy when ASSETS_BASE_URL is set, else raw_url */
export function sourceOf(f: PackFile, baseUrl: string | undefined): string {
  if (!baseUrl) return f.rawUrl;
  return `${baseUrl}/${f.file.split("/").map(encodeURIComponent).join("/")}`;
}
