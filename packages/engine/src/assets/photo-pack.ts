// Which photographic pack the engine may use: the folder that holds its files and the ids whose
// bytes were verified there. The host (server, CLI) says so once, and again when a fetch
// completes; until then every set is drawn. The engine never reads the environment itself.

export interface PhotoPack {
  dir: string;
  present: ReadonlySet<string>;
}

let current: PhotoPack | null = null;

export function setPhotoPack(dir: string | null, presentIds: Iterable<string> = []): void {
  current = dir ? { dir, present: new Set(presentIds) } : null;
}

export function photoPack(): PhotoPack | null {
  return current;
}
