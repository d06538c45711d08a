// The pack's fetch against a loopback server serving a small pack made here (the real one in
// ../shared need not exist): complete, corrupted, interrupted and resumed, no network, and a
// folder read in place.
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AssetsConfig } from "../../config.ts";
import { type AssetPackDeps, startAssetPack } from "./asset-pack.service.ts";
import type { PackFile } from "./pack-files.ts";
import { type PackServer, servePack } from "./pack-server.test-helper.ts";

let root: string;
let packDir: string;
let server: PackServer;
const files: PackFile[] = [];
const sizes: [string, number][] = [
  ["plates/street-day.jpg", 700_000],
  ["surfaces/marble-white-color.jpg", 180_000],
  ["panoramas/studio-1k.hdr", 64_000],
  ["props/vase/vase.glb", 9],
];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "asset-pack-"));
  packDir = join(root, "pack");
  for (const [file, bytes] of sizes) {
    const data = randomBytes(bytes);
    await mkdir(dirname(join(packDir, file)), { recursive: true });
    await writeFile(join(packDir, file), data);
    files.push({
      id: file.replace(/\.[^.]+$/, ""),
      file,
      bytes,
      sha256: createHash("sha256").update(data).digest("hex"),
      // never reached: the tests fetch from ASSETS_BASE_URL
      rawUrl: `http://127.0.0.1:9/${file}`,
    });
  }
  server = await servePack(packDir);
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

let run = 0;
let data: string;
afterEach(() => {
  server.requests.length = 0;
});

function fetching(over: Partial<AssetsConfig> = {}): AssetsConfig {
  return {
    dir: join(data, "assets"),
    readOnly: false,
    baseUrl: server.url,
    fetch: true,
    concurrency: 2,
    verifiedCache: join(data, "assets-verified.json"),
    ...over,
  };
}

function start(config: AssetsConfig, extra: Partial<AssetPackDeps> = {}) {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const told: ReadonlySet<string>[] = [];
  const pack = startAssetPack({
    config,
    files,
    log: {
      info: (obj, msg) => lines.push({ level: "info", obj, msg }),
      warn: (obj, msg) => lines.push({ level: "warn", obj, msg }),
      error: (obj, msg) => lines.push({ level: "error", obj, msg }),
    },
    onChange: (_dir, present) => told.push(present),
    retryDelayMs: 10,
    ...extra,
  });
  return { pack, lines, told };
}

const same = async (file: string) =>
  (await readFile(join(data, "assets", file))).equals(await readFile(join(packDir, file)));

describe("the photographic pack's fetch", () => {
  beforeAll(async () => {
    data = join(root, `data-${run++}`);
  });

  it("fetches every file, checks it and tells the engine; the next start hashes nothing", async () => {
    const { pack, lines, told } = start(fetching());
    const s = await pack.settled;
    expect(s).toMatchObject({ complete: true, state: "complete", presentFiles: 4, files: 4 });
    expect(s.presentBytes).toBe(sizes.reduce((n, [, b]) => n + b, 0));
    for (const [file] of sizes) expect(await same(file)).toBe(true);
    expect(told.at(-1)).toEqual(new Set(files.map((f) => f.id)));
    expect(lines.some((l) => l.msg.includes("fetching 4 files"))).toBe(true);
    // no partial or lock file is left behind
    const left = await readdir(join(data, "assets"), { recursive: true });
    expect(left.filter((f) => f.endsWith(".part") || f.endsWith(".lock"))).toEqual([]);

    server.requests.length = 0;
    const again = start(fetching());
    expect((await again.pack.settled).complete).toBe(true);
    expect(server.requests).toEqual([]);
    expect(again.lines[0]?.obj).toMatchObject({ hashed: 0 });
    expect(again.told.at(-1)?.size).toBe(4);
  });

  it("fetches a file with the wrong bytes again", async () => {
    const file = sizes[1]![0];
    await writeFile(join(data, "assets", file), randomBytes(sizes[1]![1]));
    const { pack, lines } = start(fetching());
    const s = await pack.settled;
    expect(s.complete).toBe(true);
    expect(await same(file)).toBe(true);
    expect(server.requests.map((r) => r.path)).toEqual([file]);
    expect(lines.some((l) => l.level === "error" && l.msg.includes("wrong bytes"))).toBe(true);
  });

  it("resumes a cut download from its .part with a Range request", async () => {
    const [file, bytes] = sizes[0]!;
    await rm(join(data, "assets", file));
    server.cutAfter(file, 300_000);
    // one try only: the run ends with the part on disk, as a stopped server would leave it
    const first = start(fetching(), { attempts: 1 });
    expect((await first.pack.settled).complete).toBe(false);
    const part = (await stat(join(data, "assets", `${file}.part`))).size;
    expect(part).toBeGreaterThan(0);
    expect(part).toBeLessThan(bytes);

    server.requests.length = 0;
    const second = start(fetching());
    expect((await second.pack.settled).complete).toBe(true);
    expect(server.requests).toEqual([{ path: file, range: `bytes=${part}-` }]);
    expect(await same(file)).toBe(true);
    expect(existsSync(join(data, "assets", `${file}.part`))).toBe(false);
  });

  it("resumes within one run when the connection drops", async () => {
    const [file] = sizes[0]!;
    await rm(join(data, "assets", file));
    server.cutAfter(file, 100_000);
    const { pack } = start(fetching());
    expect((await pack.settled).complete).toBe(true);
    expect(server.requests.map((r) => r.range)).toEqual([undefined, "bytes=100000-"]);
    expect(await same(file)).toBe(true);
  });
});

describe("without network", () => {
  it("says so in one line and carries on with what it has", async () => {
    data = join(root, `data-${run++}`);
    // a port nobody listens on: connection refused, as on a machine with no network
    const refused = await servePack(packDir);
    await refused.close();
    const { pack, lines, told } = start(fetching({ baseUrl: refused.url }));
    const s = await pack.settled;
    expect(s).toMatchObject({ complete: false, state: "offline", presentFiles: 0 });
    expect(lines.filter((l) => l.level !== "info")).toHaveLength(1);
    expect(lines.find((l) => l.level === "warn")?.msg).toMatch(/no network \(ECONNREFUSED\)/);
    expect(told).toEqual([]);
  });
});

describe("STUDIO_ASSETS_DIR", () => {
  it("is read in place: checked, never written, a bad file left out", async () => {
    data = join(root, `data-${run++}`);
    const copy = join(root, "copy");
    await rm(copy, { recursive: true, force: true });
    for (const [file] of sizes) {
      await mkdir(dirname(join(copy, file)), { recursive: true });
      await writeFile(join(copy, file), await readFile(join(packDir, file)));
    }
    const config = fetching({ dir: copy, readOnly: true, fetch: false, baseUrl: undefined });
    const before = (await readdir(copy, { recursive: true })).sort();
    const ok = start(config);
    expect(await ok.pack.settled).toMatchObject({
      complete: true,
      source: "STUDIO_ASSETS_DIR",
      presentFiles: 4,
    });
    expect(ok.told.at(-1)?.size).toBe(4);

    await writeFile(join(copy, sizes[2]![0]), randomBytes(sizes[2]![1]));
    const bad = start(config);
    const s = await bad.pack.settled;
    expect(s).toMatchObject({ complete: false, state: "incomplete", presentFiles: 3, badFiles: 1 });
    expect(bad.pack.present().has(files[2]!.id)).toBe(false);
    expect((await readdir(copy, { recursive: true })).sort()).toEqual(before);
    expect(server.requests).toEqual([]);
  });
});
