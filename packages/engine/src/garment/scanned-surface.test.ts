import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packEntries, packEntry } from "../assets/pack.ts";
import { setPhotoPack } from "../assets/photo-pack.ts";
import type { MaterialSpec } from "../render/set-plan.types.ts";
import { scannedSurface } from "./scanned-surface.ts";

const dir = mkdtempSync(join(tmpdir(), "scanned-surface-"));
const used = () => packEntries().filter((e) => ["surface", "wall", "plate"].includes(e.kind));

beforeAll(async () => {
  // every surface, wall and plate of the manifest as a tiny image: the choice is by the manifest
  await Promise.all(
    used().map((e) => {
      const file = join(dir, e.file);
      mkdirSync(dirname(file), { recursive: true });
      const background = { r: 120, g: 110, b: 100 };
      return sharp({ create: { width: 8, height: 8, channels: 3, background } })
        .png()
        .toFile(file);
    }),
  );
});

afterAll(() => {
  setPhotoPack(null);
  rmSync(dir, { recursive: true, force: true });
});

const drawn = (kind: MaterialSpec["kind"], color: [number, number, number]): MaterialSpec => ({
  kind,
  color,
  accent: color,
  scale: 0.02,
  gloss: 0,
});

describe("a garment's table or wall", () => {
  it("is drawn while the install has no pack", async () => {
    setPhotoPack(null);
    expect(await scannedSurface(drawn("linen", [226, 219, 206]), 0)).toBeUndefined();
  });

  it("is the pack's scan when it has one: linen dyed to the set's colour, wood as it grew", async () => {
    setPhotoPack(
      dir,
      used().map((e) => e.id),
    );
    const linen = await scannedSurface(drawn("linen", [226, 219, 206]), 0);
    expect(linen?.kind).toBe("scan");
    expect(packEntry(linen!.texture!)?.tags.en).toContain("linen");
    // one tile at its real size, in metres
    expect(linen!.scale).toBeCloseTo(packEntry(linen!.texture!)!.surface!.tileCm / 100, 5);
    expect(linen!.gain).toBeDefined();
    const wood = await scannedSurface(drawn("wood", [196, 160, 120]), 1);
    expect(wood?.kind).toBe("scan");
    expect(wood!.gain).toBeUndefined();
  });
});
