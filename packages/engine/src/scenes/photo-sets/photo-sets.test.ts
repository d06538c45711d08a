// The photographic sets on a small pack of this test's own (photo-sets.test-helper.ts), so the
// engine's choices and the renderer's use of them can be checked without the real pack. What
// the brief's words choose: photo-set-briefs.test.ts.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { packEntries } from "../../assets/pack.ts";
import { setPhotoPack } from "../../assets/photo-pack.ts";
import { makeCamera, project } from "../../render/camera.ts";
import { plateScale, renderScene } from "../../render/render-scene.ts";
import { sceneGeometry } from "../../render/scene-geometry.ts";
import { describePlan } from "../describe-plan.ts";
import { planScenes } from "../plan-scenes.ts";
import { PHOTO_SETTINGS } from "./photo-set-table.ts";
import { plates, req, tagsOf, useStandInPack } from "./photo-sets.test-helper.ts";

const { pack } = useStandInPack();

describe("photographic sets", () => {
  it("puts a plate of the setting behind the product, a different one in each shot", () => {
    for (const [prompt, setting] of [
      ["on the beach", "beach"],
      ["in a modern kitchen", "kitchen"],
      ["on a bedside table in the bedroom", "bedroom"],
      ["snowy winter morning", "snow"],
      ["on a city street", "city-street"],
    ] as const) {
      const tags = PHOTO_SETTINGS[setting]!.plates;
      const fits = (id: string | undefined) => tagsOf(id).some((t) => tags.includes(t));
      const ids = plates(planScenes(req(prompt)));
      for (const id of ids) expect(fits(id), `${prompt}: ${id}`).toBe(true);
      const usable = packEntries().filter(
        (e) => e.kind === "plate" && fits(e.id) && !e.plate?.unfit,
      ).length;
      expect(new Set(ids).size, prompt).toBe(Math.min(4, usable));
    }
  });

  it("stands the product on a jetty or a shore before a lake, in three places or more", () => {
    const plans = planScenes(req("on a wooden jetty by the lake"));
    const ids = plates(plans);
    for (const id of ids)
      expect(
        tagsOf(id).some((t) => ["lake", "pier", "pond"].includes(t)),
        id,
      ).toBe(true);
    // (the daylight ones without snow: the pack's three more are at sunset or under snow)
    expect(new Set(ids).size).toBeGreaterThanOrEqual(3);
    for (const p of plans)
      expect(tagsOf(p.floor.texture).some((t) => ["planks", "pebbles"].includes(t))).toBe(true);
  });

  it("never uses a plate marked unfit (aerial views, black and white, crowds)", () => {
    const unfit = new Set(
      packEntries()
        .filter((e) => e.plate?.unfit)
        .map((e) => e.id),
    );
    expect(unfit.size).toBeGreaterThan(0);
    for (const prompt of ["city skyline", "desert highway", "beach", "busy street"])
      for (const seed of [1, 2, 3, 4, 5])
        for (const id of plates(planScenes(req(prompt, { seed }))))
          expect(unfit.has(id!)).toBe(false);
  });

  it("stands the product on a scanned surface at its real size", () => {
    const small = planScenes(req("on a kitchen counter"))[0]!;
    expect(small.floor.kind).toBe("scan");
    const entry = packEntries().find((e) => e.id === small.floor.texture)!;
    // a tile of tileCm against the default 30 cm product, shrunk where that would blow its
    // pixels up (2.5 product sizes a 1024 px scan): to a third at most, a tenth for a surface
    // of no size anyone knows (marble)
    const real = entry.surface!.tileCm / 100 / 0.3;
    const sharp = 2.5 * Math.max(1, entry.width / 1024);
    const least = entry.tags.en.includes("marble") ? real / 10 : real / 3;
    expect(small.floor.scale).toBeCloseTo(Math.min(real, Math.max(sharp, least)), 5);
    const car = planScenes(req("a sports car on a city street"))[0]!;
    const carTile = packEntries().find((e) => e.id === car.floor.texture)!;
    expect(car.floor.scale).toBeLessThan(carTile.surface!.tileCm / 100 / 0.3);
  });

  it("reports a prop whose scan this install lacks instead of drawing it", () => {
    const d = describePlan(req("kitchen counter with books"));
    expect(d.unusedProps).toContain("books");
    for (const p of planScenes(req("kitchen counter with books")))
      expect(p.scanned ?? []).toEqual([]);
  });

  it("stands a scanned prop beside a small product at its real size, drawn from its scan", async () => {
    // a kiwi of this test's own: a 6 cm cube in the OBJ format, its texture pure blue
    const kiwi = packEntries().find((e) => e.id.endsWith("kiwi-fruit/kiwi"))!;
    const tex = packEntries().find((e) => e.id === kiwi.prop!.texture)!;
    const v = [-1, 1].flatMap((x) =>
      [-1, 1].flatMap((y) => [-1, 1].map((z) => `v ${x} ${y + 1} ${z}`)),
    );
    const f = ["1 2 4 3", "5 7 8 6", "1 5 6 2", "3 4 8 7", "1 3 7 5", "2 6 8 4"];
    const obj = [
      ...v,
      "vt 0 0",
      "vt 1 0",
      "vt 1 1",
      ...f.map(
        (q) =>
          `f ${q
            .split(" ")
            .map((i) => `${i}/1`)
            .join(" ")}`,
      ),
    ];
    mkdirSync(dirname(join(pack().dir, kiwi.file)), { recursive: true });
    writeFileSync(join(pack().dir, kiwi.file), obj.join("\n"));
    await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 255 } },
    })
      .jpeg()
      .toFile(join(pack().dir, tex.file));
    setPhotoPack(pack().dir, [...pack().ids, kiwi.id, tex.id]);
    try {
      const plans = planScenes(req("kitchen counter with fruit", { width: 256, height: 256 }));
      const [scan] = plans[0]!.scanned!;
      expect(scan!.id).toBe(kiwi.id);
      expect(scan!.height).toBeCloseTo(kiwi.prop!.heightCm / 100 / 0.3, 5);
      expect(Math.abs(scan!.x)).toBeGreaterThan(plans[0]!.productSize.width / 2);
      const scene = await renderScene(plans[0]!);
      let blue = 0;
      for (let i = 0; i < scene.rgb.length; i += 3)
        if (scene.rgb[i + 2]! > scene.rgb[i]! + 60 && scene.rgb[i + 2]! > scene.rgb[i + 1]! + 60)
          blue++;
      expect(blue).toBeGreaterThan(20);
      // it stands in its own shadow, cast away from the set's light as the product's is (an
      // ellipse of grey round its foot read as "the pot floats")
      const side = {
        ...plans[0]!,
        light: { ...plans[0]!.light, azimuthDeg: 75, elevationDeg: 30 },
      };
      const dir = sceneGeometry(side).light.shadowDir.x;
      expect(Math.abs(dir)).toBeGreaterThan(0.3);
      const lit = (await renderScene(side)).rgb;
      const bare = (await renderScene({ ...side, scanned: [] })).rgb;
      let propX = 0;
      let propN = 0;
      let shadeX = 0;
      let shade = 0;
      for (let i = 0; i < lit.length; i += 3) {
        const x = (i / 3) % 256;
        if (lit[i + 2]! > lit[i]! + 60) {
          propX += x;
          propN++;
          continue;
        }
        const d = bare[i]! + bare[i + 1]! + bare[i + 2]! - lit[i]! - lit[i + 1]! - lit[i + 2]!;
        if (d > 6) {
          shadeX += x * d;
          shade += d;
        }
      }
      expect(shade).toBeGreaterThan(0);
      expect((shadeX / shade - propX / propN) * Math.sign(dir)).toBeGreaterThan(6);
    } finally {
      setPhotoPack(pack().dir, pack().ids);
    }
  });

  it("leaves out the props the pack cannot serve, and says so", () => {
    const d = describePlan(req("on the beach with flowers and candles"));
    expect(d.sets).toBe("photographic");
    expect(d.unusedProps).toEqual(expect.arrayContaining(["flowers", "candles"]));
    for (const shot of d.shots) expect(shot.props).toEqual([]);
  });

  it("renders the plate behind the product and the scan under it", async () => {
    const plan = planScenes(req("on the beach", { width: 128, height: 128 }))[0]!;
    const scene = await renderScene(plan);
    const px = (x: number, y: number): [number, number, number] => {
      const i = (y * scene.width + x) * 3;
      return [scene.rgb[i]!, scene.rgb[i + 1]!, scene.rgb[i + 2]!];
    };
    const [r, g, b] = px(64, 4);
    expect(r).toBeGreaterThan(g + 60);
    expect(r).toBeGreaterThan(b + 60);
    const [r2, g2, b2] = px(64, 124);
    expect(g2).toBeGreaterThan(r2 + 20);
    expect(g2).toBeGreaterThan(b2 + 20);
  });

  it("a glossy flat lay is one surface from top to bottom: no half mirrors a sky", async () => {
    const plan = planScenes(req("flat lay on black marble", { width: 128, height: 128 }))[0]!;
    expect(plan.lying).toBe(true);
    const scene = await renderScene(plan);
    // the mean of a band of rows, beside the product (the outer quarters of the width)
    const band = (y0: number, y1: number) => {
      let sum = 0;
      let n = 0;
      for (let y = y0; y < y1; y++)
        for (let k = 0; k < 48; k++) {
          const x = k < 24 ? k : 80 + k;
          const i = (y * scene.width + x) * 3;
          sum += scene.rgb[i]! + scene.rgb[i + 1]! + scene.rgb[i + 2]!;
          n += 3;
        }
      return sum / n;
    };
    const top = band(4, 28);
    const bottom = band(100, 124);
    expect(Math.abs(bottom - top) / Math.max(top, bottom)).toBeLessThan(0.15);
  });

  it("ends a table at its back edge, the room straight behind it with no fade between", async () => {
    const plans = planScenes(req("on a table in a kitchen", { width: 128, height: 128 }));
    for (const p of plans) {
      const edge = p.backPlate?.tableEdgeZ;
      expect(edge).toBeGreaterThan(p.productSize.depth / 2);
      expect(edge).toBeLessThan(p.wallZ);
    }
    const plan = { ...plans[0]!, camera: { ...plans[0]!.camera, aperture: 0 } };
    const scene = await renderScene(plan);
    // down the left column: plate red, then table green, and only a pixel or two between
    const column = Array.from({ length: scene.height }, (_, y) => {
      const i = y * scene.width * 3;
      return scene.rgb[i]! - scene.rgb[i + 1]!;
    });
    const plate = column.filter((d) => d > 60).length;
    const table = column.filter((d) => d < -60).length;
    expect(plate).toBeGreaterThan(10);
    expect(table).toBeGreaterThan(10);
    expect(scene.height - plate - table).toBeLessThanOrEqual(3);
    // the line is the table's back edge, not the foot of the wall
    const edgeRow = project(makeCamera(plan, 128, 128), 0, 0, plan.backPlate!.tableEdgeZ!)[1];
    expect(Math.abs(column.findIndex((d) => d < -60) - edgeRow)).toBeLessThanOrEqual(2);
    expect(column.findLastIndex((d) => d > 60)).toBeLessThan(column.findIndex((d) => d < -60));
  });

  it("a matte table before a room carries the room's light, paler towards its back edge", async () => {
    const plan = planScenes(
      req("on a wooden table in a living room", { width: 128, height: 128 }),
    )[0]!;
    expect(plan.floor.sheen).toBe(1);
    const edgeRow = Math.ceil(
      project(makeCamera(plan, 128, 128), 0, 0, plan.backPlate!.tableEdgeZ!)[1],
    );
    // red minus green down the table's left column: the red plate mirrored in the green table
    const redness = async (sheen: number) => {
      const scene = await renderScene({ ...plan, floor: { ...plan.floor, sheen } });
      return (y: number) => {
        const i = (y * scene.width + 4) * 3;
        return scene.rgb[i]! - scene.rgb[i + 1]!;
      };
    };
    const matte = await redness(0);
    const sheen = await redness(1);
    const back = edgeRow + 4;
    // near its back edge the table mirrors the room, seen at a grazing angle
    expect(sheen(back) - matte(back)).toBeGreaterThan(15);
    // and less right under the camera, seen from higher up
    expect(sheen(back) - matte(back)).toBeGreaterThan(sheen(125) - matte(125) + 15);
    // sand, soil and cloth scatter it: a third of a table's sheen
    const sand = planScenes(req("on the beach"))[0]!;
    expect(sand.floor.sheen).toBeLessThan(0.5);
  });

  it("draws a wood scan as a camera sees wood in a room, not as its bare albedo", async () => {
    const plan = planScenes(
      req("on a rosewood table in a living room", { width: 96, height: 96 }),
    )[0]!;
    expect(plan.floor.texture).toContain("rosewood");
    // the rosewood's colour map averages (109, 50, 16): 0.85 saturated, a photographed table 0.55
    expect(plan.floor.saturation).toBeCloseTo(0.55 / (93 / 109), 2);
    const saturation = async (s: number) => {
      const scene = await renderScene({ ...plan, floor: { ...plan.floor, saturation: s } });
      const i = (94 * scene.width + 4) * 3;
      const c = [scene.rgb[i]!, scene.rgb[i + 1]!, scene.rgb[i + 2]!];
      return (Math.max(...c) - Math.min(...c)) / Math.max(...c);
    };
    expect(await saturation(plan.floor.saturation!)).toBeLessThan((await saturation(1)) - 0.1);
    // stone and cloth keep their colours
    expect(planScenes(req("on white marble in a kitchen"))[0]!.floor.saturation).toBeUndefined();
  });

  it("focuses deeper round a car than round a cup: the same blur would make it a toy", () => {
    // (the blur falls as the size grows, at one f-number and framing: a car's road is sharp
    // from the bumper to the hills, not in a band under its wheels)
    const cup = planScenes(req("on a mountain road"));
    const car = planScenes(
      req("on a mountain road", {
        product: {
          colors: [[40, 90, 200]],
          aspectRatio: 2.2,
          detected: { kind: "car", confidence: 0.9 },
        },
      }),
    );
    for (let i = 0; i < 4; i++) {
      expect(car[i]!.backPlate).toBeDefined();
      expect(car[i]!.camera.aperture).toBeLessThan(cup[i]!.camera.aperture * 0.25);
      // and the plate the car's deep focus keeps sharp is drawn at the size its detail needs
      // (at under half, "the asphalt and the bridge are blocky and upscaled")
      const web = { width: 1024, height: 1024 };
      expect(plateScale({ ...car[i]!, ...web })).toBeGreaterThanOrEqual(0.75);
      expect(plateScale({ ...cup[i]!, ...web })).toBeLessThan(0.45);
    }
  });

  it("shoots a car from a standing photographer's eye, the horizon across its body", () => {
    const car = planScenes(
      req("on a mountain road", {
        width: 256,
        height: 256,
        product: {
          colors: [[40, 90, 200]],
          aspectRatio: 2.2,
          detected: { kind: "car", confidence: 0.9 },
        },
      }),
    );
    for (const p of car) {
      const cam = makeCamera(p, 256, 256);
      const metres = cam.oy * 4.5; // a car's length is its world unit; 4.5 m by default
      expect(metres, p.brief?.shot).toBeLessThan(2);
      // the horizon (at the camera's height) is lower in the frame than the car's roof
      const [, horizon] = project(cam, 0, cam.oy, 1e6);
      const [, roof] = project(cam, 0, p.stageTop + p.productSize.height, 0);
      expect(horizon).toBeGreaterThan(roof - 256 * 0.05);
    }
  });

  it("studio sets keep their sweep and use scans for stone, wood and cloth", () => {
    const plans = planScenes(req("", { templateId: "marble-counter" }));
    for (const p of plans) expect(p.brief?.sets).toBe("photographic");
    expect(
      plans.some((p) => p.floor.kind === "scan" || p.props.some((x) => x.material.kind === "scan")),
    ).toBe(true);
  });
});

describe("the shipped manifest", () => {
  it("names every file once, each with its annotations", () => {
    const entries = packEntries();
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const e of entries) {
      expect(e.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(e.rawUrl).toMatch(/^https:\/\//);
      if (e.kind === "surface" || e.kind === "wall") expect(e.surface?.tileCm).toBeGreaterThan(0);
      if (e.kind === "plate") expect(e.plate?.horizon).toBeGreaterThan(0);
      if (e.kind === "panorama") expect(e.panorama?.kelvin).toBeGreaterThan(1000);
    }
  });
});

describe("without the pack", () => {
  it("draws the sets as before and says so", () => {
    setPhotoPack(null);
    try {
      const d = describePlan(req("on the beach"));
      expect(d.sets).toBe("drawn");
      for (const shot of d.shots) expect(shot.plate).toBeNull();
    } finally {
      setPhotoPack(pack().dir, pack().ids);
    }
  });
});
