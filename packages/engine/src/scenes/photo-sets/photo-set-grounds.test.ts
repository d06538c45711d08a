// The photographic sets by what the brief says the product stands on or before: a ground cover
// (gravel, grass, snow), a piece of furniture (a sofa, a bed), a style (industrial).
import { describe, expect, it } from "vitest";
import { packEntry } from "../../assets/pack.ts";
import { parsePrompt } from "../parse-prompt.ts";
import { planScenes } from "../plan-scenes.ts";
import { findTemplate } from "../templates.ts";
import { plates, req, tagsOf, useStandInPack } from "./photo-sets.test-helper.ts";
import { photoSettingOf } from "./photo-setting-of.ts";

useStandInPack();

describe("photographic sets, by what the product stands on", () => {
  it("sets an industrial style in a loft, never before a photographed thing of its own kind", () => {
    const lofts = plates(planScenes(req("lamp on a concrete shelf, industrial style")));
    for (const id of lofts) {
      expect(
        tagsOf(id).some((t) => ["living room", "loft"].includes(t)),
        id,
      ).toBe(true);
      // (the sage wall's floor lamp stood beside the seller's lamp)
      expect(tagsOf(id), id).not.toContain("lamp");
    }
    // a colour named is a studio's paper; a vehicle is never set in a room
    expect(plates(planScenes(req("boxes, industrial style, on white")))).toEqual(
      Array(4).fill(undefined),
    );
    for (const id of plates(planScenes(req("car in an industrial area"))))
      expect(id === undefined || !packEntry(id)?.plate?.indoor, id).toBe(true);
  });

  it("lays a product on the ground the brief names: gravel, white snow, a sofa, a kid's bed", () => {
    const above = { product: { ...req("").product, seenFromAbove: true } };
    // (a spa's studio laid the zen stone on marble and onyx: "stone" named every stone scan)
    // (and a teddy "on the grass", 草地上, stood on a garden's planks)
    const covers = [
      ["zen stone on raked gravel, minimalist", "gravel", above],
      ["砾石上的石头", "gravel", above],
      ["玩具熊在草地上，阳光明媚", "grass", {}],
      // (a plural names a scan too: "the rocks" laid it on marble)
      ["stone on the rocks by a waterfall", "rock", above],
      // (slate was the drawn sets' concrete: "on black slate" laid the stone on concrete)
      ["polished stone on black slate, minimal dark mood", "slate", above],
      ["石头放在石板上", "slate", above],
      // (a cloth laid on the grass is what the product lies on: the banana lay on the grass)
      ["banana on a picnic blanket on the grass, summer", "tablecloth", above],
      ["香蕉放在草地上的野餐垫上", "tablecloth", above],
      ["草地野餐，香蕉", "tablecloth", above],
      // (a linen cloth as well as the gingham)
      ["book on a linen cloth on the lawn grass", "linen", above],
    ] as const;
    for (const [prompt, tag, over] of covers)
      for (const p of planScenes(req(prompt, over)))
        expect(tagsOf(p.floor.texture), `${prompt}: ${p.floor.texture}`).toContain(tag);
    // the pack's snow was shot overcast, mid-grey: toned to fresh snow's white
    for (const p of planScenes(req("teddy bear in the snow, winter"))) {
      expect(tagsOf(p.floor.texture), p.floor.texture).toContain("snow");
      expect(p.floor.gain ?? 1).toBeGreaterThan(1.5);
    }
    // on a sofa is on its upholstery; on a kid's bed on its bedding (the quote made "kid's" two
    // words, and the bed the toy for sale's)
    for (const prompt of ["teddy bear on a sofa in a cozy living room", "plush toy on a kid's bed"])
      for (const p of planScenes(req(prompt)))
        expect(tagsOf(p.floor.texture), `${prompt}: ${p.floor.texture}`).toContain("linen");
  });

  it("names no scan by the product's words or the light's: a polished stone is no polished onyx", () => {
    const above = { product: { ...req("").product, seenFromAbove: true } };
    // (the onyx is tagged polished and stone: it was all four of the bathroom's flat lays)
    const scans = planScenes(req("polished stone on a bathroom counter, spa mood", above)).map(
      (p) => p.floor.texture,
    );
    expect(new Set(scans).size, scans.join()).toBeGreaterThan(1);
    expect(scans.every((id) => tagsOf(id).includes("onyx"))).toBe(false);
    // nor by the light's: "bright" named the one white marble tagged bright, four times
    const bright = planScenes(req("banana on a kitchen counter, bright morning", above));
    expect(new Set(bright.map((p) => p.floor.texture)).size).toBeGreaterThan(1);
    // "on marble" is the marbles, not the banded onyx the manifest also tags marble
    for (const brief of ["boxes on marble, eye level", "boxes on marble, three quarter view"])
      for (const p of planScenes(req(brief))) {
        expect(tagsOf(p.floor.texture), p.floor.texture).toContain("marble");
        expect(tagsOf(p.floor.texture), brief).not.toContain("onyx");
      }
  });

  it("keeps the hour asked before leaving out a plate with a thing of the product's kind", () => {
    // (the pack's one evening bedroom has lit table lamps: a lamp's night was four daylit rooms)
    for (const id of plates(planScenes(req("lamp on a bedside table in a cozy bedroom at night"))))
      expect(tagsOf(id), id).toContain("evening");
  });

  it("stands a product put on the floor on the room's floorboards, with no table edge", () => {
    for (const p of planScenes(req("teddy bear on a wooden floor in a nursery"))) {
      expect(tagsOf(p.floor.texture), p.floor.texture).toContain("floor");
      expect(p.backPlate?.tableEdgeZ).toBeUndefined();
      expect(tagsOf(p.backPlate?.id), p.backPlate?.id).toContain("bedroom");
    }
  });

  it("stands a tabletop product outdoors on a table, never on the grass as on a table", () => {
    // (the pack's 1K grass before a vineyard was green felt under a lamp, cut off at a line)
    for (const prompt of ["desk lamp in a garden with flowers", "perfume in a summer meadow"])
      for (const p of planScenes(req(prompt))) {
        expect(tagsOf(p.floor.texture), `${prompt}: ${p.floor.texture}`).not.toContain("grass");
        expect(p.backPlate?.tableEdgeZ, prompt).toBeDefined();
      }
  });

  it("photographs each holiday somewhere of its own when the brief names no place", () => {
    // (all three in the one living room were three identical photos on the marketing page)
    const where = ["christmas", "lunar-new-year", "autumn-warmth"].map((id) =>
      photoSettingOf(parsePrompt(""), findTemplate(id)!),
    );
    expect(where[0]).toBe("living-room");
    expect(new Set(where).size).toBe(3);
  });

  it("lays a flat lay on the material of the template the seller picked", () => {
    // (the marketing page's "Oak table" was the espresso cup on black marble: a flat lay took
    // any of the place's tabletops, for variety when no template is picked)
    const above = { product: { ...req("").product, seenFromAbove: true } };
    for (const [templateId, tag] of [
      ["oak-table", "wood"],
      ["marble-counter", "marble"],
    ] as const)
      for (const p of planScenes(req("", { ...above, templateId }))) {
        expect(p.lying).toBe(true);
        expect(tagsOf(p.floor.texture), `${templateId}: ${p.floor.texture}`).toContain(tag);
      }
  });
});
