// The photographic pack reaches the engine's threads: a running thread hears of it when it
// changes, a thread started later gets it at its start.
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
