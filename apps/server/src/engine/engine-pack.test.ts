// The photographic pack reaches the engine's threads: a running thread hears of it when it
// changes, a thread started later gets it at its start.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { packEntries } from "@studio/engine";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { createThreadEngine, type ThreadEngine } from "./engine-thread.ts";

let e: ThreadEngine | null = null;
afterEach(async () => {
  await e?.close();
  e = null;
});

const held = async (engine: ThreadEngine) =>
  (await engine.templateThumbnail("photo-pack?", 0)) as unknown as {
    dir: string;
    present: string[];
  } | null;

describe("the engine threads' photographic pack", () => {
  it("is sent to running threads and given to threads started later", async () => {
    e = createThreadEngine({
      entry: new URL("./engine-pack.test-fixture.ts", import.meta.url),
      renderThreads: 1,
    });
    expect(await held(e)).toBeNull(); // the thread runs now, with no pack yet
    await e.setPhotoPack?.("/packs/a", ["plates/x", "surfaces/y"]);
    expect(await held(e)).toEqual({ dir: "/packs/a", present: ["plates/x", "surfaces/y"] });

    // a new thread (after a crash or a close) starts with what was last told
    const later = createThreadEngine({
      entry: new URL("./engine-pack.test-fixture.ts", import.meta.url),
      renderThreads: 1,
    });
    await later.setPhotoPack?.("/packs/b", ["plates/z"]); // no thread yet: kept for its start
    expect(later.threadId).toBeNull();
    expect(await held(later)).toEqual({ dir: "/packs/b", present: ["plates/z"] });
    await later.close();
  });
});

describe("the pack's images preloaded at start", () => {
  it("are decoded once, the surfaces and walls, and none while the sets are drawn", async () => {
    // a stand-in pack: every surface, wall and plate as a 10×4 picture
    const dir = mkdtempSync(join(tmpdir(), "engine-pack-"));
    const used = packEntries().filter((x) => ["surface", "wall", "plate"].includes(x.kind));
    try {
      await Promise.all(
        used.map((x) => {
          const file = join(dir, x.file);
          mkdirSync(dirname(file), { recursive: true });
          const background = { r: 200, g: 180, b: 150 };
          return sharp({ create: { width: 10, height: 4, channels: 3, background } })
            .png()
            .toFile(file);
        }),
      );
      e = createThreadEngine({ renderThreads: 2 });
      expect(await e.preloadPack?.()).toBe(0);
      await e.setPhotoPack?.(
        dir,
        used.map((x) => x.id),
      );
      const textures = used.filter((x) => x.kind !== "plate").length;
      expect(await e.preloadPack?.()).toBe(textures * 10 * 4 * 3);
      // both render threads run: the second was handed the first's images
      expect(e.threadIds).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
