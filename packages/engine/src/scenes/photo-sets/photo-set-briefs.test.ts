// The photographic sets as the brief's words choose them: the hour, the scan a word or a colour
// names, a setting with too few plates, what the pack cannot serve (a pool, a holiday's props).
import { describe, expect, it } from "vitest";
import { isPhotographed, packEntries, packEntry } from "../../assets/pack.ts";
import { planScenes } from "../plan-scenes.ts";
import { PHOTO_SETTINGS } from "./photo-set-table.ts";
import { plates, req, tagsOf, useStandInPack } from "./photo-sets.test-helper.ts";

useStandInPack();

describe("photographic sets, by the brief's words", () => {
  it("keeps to the hour the brief asked for, and to green places unless it asked for snow", () => {
    const night = plates(planScenes(req("city street at night")));
    for (const id of night)
      expect(
        tagsOf(id).some((t) => ["night", "dusk", "evening"].includes(t)),
        id,
      ).toBe(true);
    expect(new Set(night).size).toBeGreaterThan(1);
    // and the product's light pools round its foot there, not on a sunny beach
    for (const p of planScenes(req("city street at night")))
      expect(p.light.pool ?? 0).toBeGreaterThan(0.5);
    for (const p of planScenes(req("on a beach"))) expect(p.light.pool ?? 0).toBe(0);
    // asked for no hour: the product's daylight before daylight plates
    const beach = plates(planScenes(req("on a beach")));
    for (const id of beach)
      expect(
        tagsOf(id).some((t) => ["night", "dusk", "sunset"].includes(t)),
        id,
      ).toBe(false);
    expect(new Set(beach).size).toBeGreaterThan(1);
    // a morning's room is a bright one, not a dim one lit by its lamps
    for (const seed of [1, 17])
      for (const id of plates(
        planScenes(req("teddy bear in a nursery with soft morning light", { seed })),
      ))
        expect(
          tagsOf(id).some((t) => ["bright", "window light"].includes(t)),
          id,
        ).toBe(true);
    // indoors, one daylit room rather than a bar at night (a teddy before neon, two of four)
    for (const seed of [1, 13])
      for (const id of plates(
        planScenes(req("teddy bear on a wooden floor by the window", { seed })),
      ))
        expect(tagsOf(id), id).not.toContain("night");
    for (const id of plates(planScenes(req("in a forest"))))
      expect(tagsOf(id)).not.toContain("snow");
    // a setting with one plate of that hour shows it in every shot, not noon in three
    for (const id of plates(planScenes(req("in a snowy forest at night"))))
      expect(
        tagsOf(id).some((t) => ["night", "dusk", "evening", "alpenglow"].includes(t)),
        id,
      ).toBe(true);
  });

  it("shows a night street whose signs and crowds would be legible only out of focus", () => {
    const soft = packEntries().filter((e) => e.plate?.defocus);
    expect(soft.length).toBeGreaterThan(0);
    let shown = 0;
    for (const seed of [1, 2, 3, 7])
      for (const p of planScenes(req("on a city street at night", { seed }))) {
        const least = packEntry(p.backPlate?.id ?? "")?.plate?.defocus;
        if (!least) continue;
        shown++;
        // the plate is blurred so; the street the product stands on keeps the camera's focus
        expect(p.backPlate!.defocus).toBeGreaterThanOrEqual(least);
        expect(p.camera.aperture).toBeLessThan(least);
      }
    expect(shown).toBeGreaterThan(0);
  });

  it("stands the product on the scan the brief names by its word; no window shadow outdoors", () => {
    for (const p of planScenes(req("on an oak table in a bright kitchen")))
      expect(tagsOf(p.floor.texture)).toContain("oak");
    for (const p of planScenes(req("flat lay on the beach at sunset")))
      expect(p.light.gobo ?? "none").toBe("none");
  });

  it("lays a flat lay on a scan fine enough to be seen from a hand's width, unless one is named", () => {
    const perCm = (id: string | undefined) => {
      const e = packEntry(id ?? "")!;
      return e.width / e.surface!.tileCm;
    };
    for (const prompt of ["flat lay on wood", "flat lay at golden hour", "flat lay in a bathroom"])
      for (const seed of [1, 2, 3])
        for (const p of planScenes(req(prompt, { seed }))) {
          if (!p.lying || p.floor.kind !== "scan") continue;
          expect(perCm(p.floor.texture), `${prompt}: ${p.floor.texture}`).toBeGreaterThanOrEqual(6);
        }
    // the brief's own word still wins: oak is the pack's 1K floorboards
    for (const p of planScenes(req("flat lay on an oak table")))
      expect(tagsOf(p.floor.texture)).toContain("oak");
  });

  it("gives a flat lay a window's or blinds' shadows only where the brief names them", () => {
    for (const prompt of [
      "flat lay on a kitchen counter in morning light",
      "flat lay at golden hour",
      "flat lay on slate, soft window light",
    ])
      for (const p of planScenes(req(prompt))) {
        expect(p.lying, prompt).toBe(true);
        expect(p.light.gobo ?? "none", prompt).toBe("none");
      }
    for (const p of planScenes(req("flat lay on marble, blinds")))
      expect(p.light.gobo).toBe("blinds");
  });

  it("lays a dark wood flat lay on a veneer whose flitches are as wide as a real table's", () => {
    // the rosewood scan is a bookmatched veneer, its figure repeated 6.5 times across the
    // file; at 100 cm a tile a flitch was 15 cm and a book's flat lay showed seven of them
    const FLITCHES_PER_TILE = 6.5;
    for (const p of planScenes(req("flat lay on dark wood"))) {
      const e = packEntry(p.floor.texture ?? "")!;
      if (!e.tags.en.includes("veneer")) continue;
      expect(e.surface!.tileCm / FLITCHES_PER_TILE).toBeGreaterThanOrEqual(25);
    }
  });

  it("frames a setting's only plate four ways, mirrored only where its crop is held aside", () => {
    // the desert's plate is cropped away from its hikers every time: every other shot turns it
    // round, or its four backgrounds were one
    const desert = planScenes(req("on a desert road"));
    const views = new Set(desert.map((p) => `${p.backPlate?.id} ${p.backPlate?.mirror}`));
    expect(new Set(plates(desert)).size).toBe(1);
    expect(views.size).toBe(2);
    // a mountain lake free to be cropped anywhere is shown as it is, four ways: its mirror
    // image beside it was Mt Hood twice, one of them flipped
    const road = planScenes(req("on a mountain road at sunset"));
    expect(new Set(plates(road)).size).toBe(1);
    expect(road.some((p) => p.backPlate?.mirror)).toBe(false);
    const shifts = road.map((p) => p.backPlate!.shift).sort((a, b) => a - b);
    for (let i = 1; i < shifts.length; i++)
      expect(shifts[i]! - shifts[i - 1]!).toBeGreaterThanOrEqual(0.5);
  });

  // (a plate with people or signs to keep out of the crop is framed from the side away from them
  // every time, a step nearer the middle in every other shot)
  it("frames a plate shown twice in one set from its other side the second time", () => {
    let repeats = 0;
    for (const prompt of [
      "on a city street",
      "on a desert road",
      "in a cosy bedroom",
      "on a beach",
      "on a city street at night",
      "in the snow, winter",
      "mountain top at golden hour",
    ]) {
      for (const seed of [1, 2, 3, 7]) {
        const shots = planScenes(req(prompt, { seed })).map((p) => p.backPlate);
        for (const [i, a] of shots.entries()) {
          for (const b of shots.slice(i + 1)) {
            if (!a || !b || a.id !== b.id || a.mirror !== b.mirror) continue;
            if (packEntry(a.id)?.plate?.avoid.length) continue;
            repeats++;
            expect(Math.abs(a.shift - b.shift), `${prompt} ${seed} ${a.id}`).toBeGreaterThanOrEqual(
              0.5,
            );
          }
        }
      }
    }
    expect(repeats).toBeGreaterThan(0);
  });

  it("gives a poolside brief a terrace by the sea, says the pool is missing, draws no water", () => {
    for (const prompt of ["poolside", "close-up with water droplets"]) {
      const plans = planScenes(req(prompt));
      for (const p of plans) expect(p.floor.kind, prompt).not.toBe("water");
      // water drops: wet slate, dark and glossy (white tiles before a cyan sweep were "white
      // blocks")
      if (prompt !== "poolside")
        for (const p of plans) expect(p.floor.texture ?? "", prompt).toMatch(/slate/);
      if (prompt === "poolside") {
        for (const p of plans) {
          expect(p.backPlate, prompt).toBeDefined();
          expect(p.brief?.unusedThings).toContain("pool");
        }
      }
    }
  });

  it("stands a product in a photographed place on scans, never on a drawn texture", () => {
    const drawn = packEntries()
      .filter((e) => e.kind === "surface" && !isPhotographed(e))
      .map((e) => e.id);
    expect(drawn.length).toBeGreaterThan(0);
    for (const prompt of ["poolside", "in a bathroom", "on a cafe table", "bathroom shelf"])
      for (const seed of [1, 2, 3, 4, 5])
        for (const p of planScenes(req(prompt, { seed }))) {
          expect(drawn, `${prompt} ${seed}`).not.toContain(p.floor.texture);
          // nor on a slab of it (a terrazzo set's stage)
          for (const prop of p.props)
            expect(drawn, `${prompt} ${seed}`).not.toContain(prop.material.texture);
        }
  });

  it("lays a flat lay in a garden or a meadow on planks or pavers, not on grass seen as felt", () => {
    for (const prompt of ["flat lay in the garden", "flat lay, wildflower meadow"]) {
      const plans = planScenes(req(prompt));
      for (const p of plans) {
        expect(p.lying, prompt).toBe(true);
        expect(packEntry(p.floor.texture!)?.tags.en, prompt).not.toContain("grass");
      }
    }
  });

  it("stands a small product in a room on a table's scan, never a floor's", () => {
    const flooring = ["tiles", "blocks", "floor", "ground", "pavers"];
    let kitchen = 0;
    for (const prompt of [
      "on a kitchen counter",
      "in a bathroom",
      "in a cosy bedroom",
      "on an office desk",
    ])
      for (const seed of [1, 2, 3, 7])
        for (const p of planScenes(req(prompt, { seed }))) {
          if (!p.backPlate || p.lying) continue;
          const tags = tagsOf(p.floor.texture);
          if (prompt.includes("kitchen")) kitchen++;
          if (tags.some((t) => flooring.includes(t)))
            expect(
              tags.some((t) => t === "tabletop" || t === "table"),
              `${prompt}: ${p.floor.texture}`,
            ).toBe(true);
        }
    expect(kitchen).toBeGreaterThan(0);
  });

  it("puts an office behind an office's desk, never a workshop's wall or a desk's close-up", () => {
    for (const prompt of ["desk lamp on an oak table in a minimalist office", "office desk, clean"])
      for (const seed of [1, 2, 13])
        for (const id of plates(planScenes(req(prompt, { seed })))) {
          expect(tagsOf(id), `${prompt}: ${id}`).not.toContain("workshop");
          expect(packEntry(id!)?.plate?.unfit, `${prompt}: ${id}`).toBeUndefined();
        }
  });

  it("stands a product on a photographed room's shelf on its counter, not on a drawn slab", () => {
    for (const seed of [1, 13])
      for (const p of planScenes(req("skincare boxes on a bathroom shelf with towels", { seed }))) {
        expect(p.backPlate).toBeDefined();
        expect(p.props.filter((x) => x.stage)).toEqual([]);
        expect(p.stageTop).toBe(0);
      }
  });

  it("shows the setting's different scans across the four shots", () => {
    // a garden's flat lay has four scans to choose from (planks, brick and stone pavers, a
    // picnic's gingham)
    const scans = planScenes(req("flat lay in the garden")).map((p) => p.floor.texture);
    expect(new Set(scans).size).toBe(4);
  });

  it("gives a kitchen's or a café's flat lay a different tabletop in three shots of four", () => {
    // (held to the template's own, the four were one worn table four times)
    for (const prompt of ["flat lay on a kitchen counter", "flat lay on a cafe table"]) {
      const scans = planScenes(req(prompt)).map((p) => p.floor.texture);
      expect(new Set(scans).size, prompt).toBeGreaterThanOrEqual(3);
    }
    // a word names any of the pack's tabletops: rustic is the worn table, planks and gingham
    const rustic = planScenes(req("flat lay on a rustic kitchen counter"));
    for (const p of rustic) expect(tagsOf(p.floor.texture)).toContain("rustic");
    expect(new Set(rustic.map((p) => p.floor.texture)).size).toBeGreaterThanOrEqual(2);
    // outdoors a flat lay keeps to the place's ground: the beach's sand and pebbles; the
    // seller's stone photographed from above was laid on the pack's marbles, moss and onyx
    const above = { product: { ...req("").product, seenFromAbove: true } };
    for (const p of planScenes(req("stone on the beach at sunset", above))) {
      expect(p.lying).toBe(true);
      const tags = tagsOf(p.floor.texture);
      expect(tags.includes("sand") || tags.includes("pebbles"), p.floor.texture).toBe(true);
    }
    // a beach's sand is toned pale and warm: the pack's one sand scan is grey-brown packed earth
    const sandy = planScenes(req("stone on the sand at the beach", above)).map((p) => p.floor);
    expect(sandy.some((f) => tagsOf(f.texture).includes("sand"))).toBe(true);
    for (const f of sandy.filter((f) => tagsOf(f.texture).includes("sand"))) {
      // (brighter, and less yellow than the earth: its blue raised most)
      expect(f.gain ?? 1).toBeGreaterThan(1.2);
      expect(f.color[2]).toBeGreaterThan(f.color[0]);
    }
    // a named material on a counter is a counter of it, never its floor tiles (a checkerboard
    // of marble tiles under bananas "on a marble kitchen island")
    for (const seed of [1, 2, 13])
      for (const p of planScenes(req("bananas on a marble kitchen island", { ...above, seed }))) {
        const tags = tagsOf(p.floor.texture);
        expect(tags, p.floor.texture).toContain("marble");
        expect(tags, p.floor.texture).not.toContain("tiles");
      }
    // a material the place has one scan of takes the pack's others too, and a Chinese table
    // is no word naming one scan ("桌子": the worn walnut four times)
    for (const prompt of ["香蕉放在木质砧板上，厨房", "书放在咖啡馆的桌子上"]) {
      const scans = planScenes(req(prompt, above)).map((p) => p.floor.texture);
      expect(new Set(scans).size, prompt).toBeGreaterThanOrEqual(2);
      if (prompt.includes("木")) for (const id of scans) expect(tagsOf(id), id).toContain("wood");
    }
    // and in a meadow, on a picnic's cloth where the brief names it
    const meadow = { product: { ...req("").product, seenFromAbove: true } };
    for (const p of planScenes(req("bananas on a picnic blanket in a meadow", meadow)))
      expect(tagsOf(p.floor.texture), p.floor.texture).toContain("gingham");
  });

  it("stands a product in a bedroom on a nightstand's wood, on linen only when it is named", () => {
    for (const p of planScenes(req("teddy bear in a kids room")))
      expect(tagsOf(p.floor.texture), p.floor.texture).toContain("wood");
    for (const p of planScenes(req("on linen in the bedroom")))
      expect(tagsOf(p.floor.texture), p.floor.texture).toContain("linen");
    // on a bed: its bedding, white where no colour is named (the pack's linen is pale blue)
    for (const prompt of ["teddy bear on a bed in a kids room", "玩具熊在床上"])
      for (const p of planScenes(req(prompt))) {
        expect(tagsOf(p.floor.texture), prompt).toContain("linen");
        expect(p.floor.color[2], prompt).toBeLessThan(p.floor.color[0]);
      }
    // (a blue bed is blue)
    for (const p of planScenes(req("on a blue bed")))
      expect(p.floor.color[2]).toBeGreaterThanOrEqual(p.floor.color[0]);
  });

  it("darkens a flat lay's corners next to not at all ('an artificial vignette')", () => {
    const plans = planScenes(req("flat lay on white marble"));
    for (const p of plans) {
      expect(p.lying).toBe(true);
      expect(p.vignette).toBeLessThanOrEqual(0.04);
    }
  });

  it("photographs a holiday with no place named in a lived-in room, not before a drawn wall", () => {
    for (const p of planScenes(req("christmas gift, festive"))) {
      expect(p.backPlate, p.templateId).toBeDefined();
      const room = PHOTO_SETTINGS["living-room"]!.plates;
      expect(room.some((t) => tagsOf(p.backPlate!.id).includes(t))).toBe(true);
    }
  });

  it("a colour the brief names chooses the scan: black marble is black in every shot", () => {
    for (const [prompt, colour] of [
      ["on black marble", "black"],
      ["flat lay on black marble", "black"],
      ["flat lay on white marble", "white"],
    ] as const) {
      const plans = planScenes(req(prompt));
      for (const p of plans) {
        expect(p.floor.kind, prompt).toBe("scan");
        expect(tagsOf(p.floor.texture), prompt).toContain(colour);
      }
    }
  });

  it("dyes plain cloth to the colour the brief names, never a stone or a pattern", () => {
    const linen = planScenes(req("flat lay on white linen")).filter((p) =>
      tagsOf(p.floor.texture).includes("linen"),
    );
    expect(linen.length).toBeGreaterThan(0);
    for (const p of linen) {
      // the pack's linen is pale blue: dyed towards white, brighter, no blue cast left
      expect(p.floor.gain ?? 1).toBeGreaterThan(1);
      expect(p.floor.color[2]).toBeLessThan(p.floor.color[0]);
    }
    for (const p of planScenes(req("on black marble"))) expect(p.floor.gain).toBeUndefined();
  });
});
