// The pack's images a set is all but sure to need, decoded before the first generation asks
// for them: a cold decode costs 80-155 ms an image (a 2-4K JPEG read and scaled down), and the
// four sets of a generation need several, so the first photographic generation after a start
// paid them all. Every set's scanned floor, wall and painted shapes come from the pack's
// surfaces and walls (~156 MB decoded), so those are decoded at start; plates (~190 MB), needed
// only where the seller names a place, stay decoded on demand.
import { adoptAsset, loadAsset } from "./asset-images.ts";
import { presentEntries, setsArePhotographic } from "./pack.ts";

/** a decoded image as a thread hands it to another: its bytes are in shared memory */
export interface PreloadedImage {
  id: string;
  width: number;
  height: number;
  rgb: Uint8Array;
}

/** the ids to decode at start: none while the sets are drawn (no pack, or half of one) */
export function packImagesToPreload(): string[] {
  if (!setsArePhotographic()) return [];
  return [...presentEntries("surface"), ...presentEntries("wall")].map((e) => e.id);
}

/**
 * Decodes `ids` into this thread's cache, two at a time: each decode holds its whole source
 * photo while it scales it (up to ~50 MB for a 4K scan), and two keep both cores busy.
 */
export async function preloadPackImages(
  ids: string[] = packImagesToPreload(),
): Promise<PreloadedImage[]> {
  const out: PreloadedImage[] = [];
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const { width, height, rgb } = await loadAsset(id);
      out.push({ id, width, height, rgb });
    }
  };
  await Promise.all([lane(), lane()]);
  return out;
}

/** images another thread of this process preloaded, kept here without a copy */
export function adoptPackImages(images: readonly PreloadedImage[]): void {
  for (const img of images) adoptAsset(img.id, img);
}
