// What the engine sees of a seller's reference images: each upload read once by the engine's
// readReference (palette, light, a small scene plate) and kept in a small per-process cache.
// An upload's bytes never change under its id, so a cached look is never stale; a look is at
// most ~450 KB (the 384 px plate), so 32 of them stay well under 16 MB.
import type { ReferenceLook } from "@studio/engine";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import type { StudioEngine } from "../../engine/engine-adapter.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import { uploads } from "./uploads.tables.ts";

const CACHED_LOOKS = 32;

export interface ReferenceLooks {
  /**
   * The looks of these uploads, in order, each a fresh copy (the engine thread may take the
   * plate's memory). A reference deleted since the generation was queued is left out.
   */
  read(uploadIds: readonly string[]): Promise<ReferenceLook[]>;
}

export function createReferenceLooks(deps: {
  db: Db;
  storage: ObjectStorage;
  engine: StudioEngine;
}): ReferenceLooks {
  const { db, storage, engine } = deps;
  // Map keeps insertion order: re-inserting on a hit makes the first key the least recent
  const cache = new Map<string, ReferenceLook>();

  async function look(id: string): Promise<ReferenceLook | null> {
    const hit = cache.get(id);
    if (hit) {
      cache.delete(id);
      cache.set(id, hit);
      return hit;
    }
    const row = (await db.select().from(uploads).where(eq(uploads.id, id)))[0];
    if (!row) return null;
    const bytes = await storage.get(row.storageKey);
    if (!bytes) return null;
    // kept as its own copy: the engine thread takes (detaches) the plates it is sent
    const read = copyOf(await engine.readReference(bytes));
    cache.set(id, read);
    if (cache.size > CACHED_LOOKS) cache.delete(cache.keys().next().value as string);
    return read;
  }

  return {
    async read(uploadIds) {
      const out: ReferenceLook[] = [];
      for (const id of uploadIds) {
        const l = await look(id);
        if (l) out.push(copyOf(l));
      }
      return out;
    },
  };
}

/** a deep copy; `new Uint8Array(x)` copies, where a Buffer's slice() would share memory */
function copyOf(l: ReferenceLook): ReferenceLook {
  return {
    ...l,
    palette: l.palette.map((c) => [c[0], c[1], c[2]] as const),
    light: { ...l.light },
    ...(l.plate ? { plate: { ...l.plate, rgb: new Uint8Array(l.plate.rgb) } } : {}),
  };
}
