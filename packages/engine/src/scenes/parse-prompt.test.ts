import { describe, expect, it } from "vitest";
import { parsePrompt, setWords } from "./parse-prompt.ts";
import { planScenes } from "./plan-scenes.ts";

const product = { colors: [[40, 40, 44] as [number, number, number]], aspectRatio: 0.5 };
const plan = (prompt: string) =>
  planScenes({ prompt, seed: 5, count: 4, width: 256, height: 256, product });

describe("parsePrompt", () => {
  it.each([
    ["on a white marble counter", "marble"],
    ["放在大理石台面上", "marble"],
    ["rustic oak table", "wood"],
    ["木质桌面", "wood"],
    ["raw concrete", "concrete"],
    ["水泥基座", "concrete"],
    ["terrazzo floor", "terrazzo"],
    ["水磨石", "terrazzo"],
    ["soft linen", "linen"],
    ["亚麻布", "linen"],
    ["brushed steel", "metal"],
    ["拉丝金属", "metal"],
  ])("%s → material %s", (prompt, material) => {
    expect(parsePrompt(prompt).materials[0]).toBe(material);
  });

  it("reads places, times of day and moods in both languages", () => {
    expect(parsePrompt("on the beach").tags).toContain("beach");
    expect(parsePrompt("海边").tags).toContain("beach");
    expect(parsePrompt("golden hour glow").time).toBe("golden");
    expect(parsePrompt("夕阳").time).toBe("golden");
    expect(parsePrompt("neon lights").tags).toContain("neon");
    expect(parsePrompt("霓虹灯").tags).toContain("neon");
    expect(parsePrompt("minimal and clean").mood).toBe("minimal");
    expect(parsePrompt("极简").mood).toBe("minimal");
    expect(parsePrompt("christmas gifts").tags).toContain("christmas");
    expect(parsePrompt("圣诞礼物").tags).toContain("christmas");
  });

  it("matches the longest phrase first: metal is not gold, golden hour is not gold", () => {
    const zh = parsePrompt("金属质感");
    expect(zh.materials).toEqual(["metal"]);
    expect(zh.colors).toEqual([]);
    const en = parsePrompt("golden hour");
    expect(en.colors).toEqual([]);
    expect(en.time).toBe("golden");
  });

  it("matches whole English words only", () => {
    expect(parsePrompt("woodland").materials).toEqual([]);
    expect(parsePrompt("Golden-Hour, MARBLE!").materials).toEqual(["marble"]);
  });

  it("reads a prop's word that opens the prompt, before where it stands, as the product", () => {
    const book = parsePrompt("book on a cafe table");
    expect(book.things).toEqual([]);
    expect(book.product).toMatchObject({ kind: "book", stands: "table" });
    expect(parsePrompt("书放在桌上").product).toMatchObject({ kind: "book" });
    const novel = parsePrompt("novel on a cafe table");
    expect(novel.product).toMatchObject({ kind: "book" });
    expect(novel.unused).toEqual([]);
    expect(parsePrompt("My candle on marble").things).toEqual([]);
    // anywhere else it is a prop beside the product
    expect(parsePrompt("perfume bottle with books on a cafe table").things).toEqual(["books"]);
    expect(parsePrompt("cozy books").things).toEqual(["books"]);
    expect(parsePrompt("on a table with a book").things).toEqual(["books"]);
  });

  it("takes the place the set is in over the furniture the product stands on", () => {
    for (const prompt of [
      "desk lamp on a wooden desk in a bright living room",
      "在明亮的客厅里，书桌上的台灯",
    ]) {
      const intent = parsePrompt(prompt);
      expect(intent.setting).toBe("living-room");
      expect(intent.settings).toEqual(["living-room", "office"]);
      expect(intent.unused).toEqual([]);
    }
    // without "in", the first place named still leads
    expect(parsePrompt("lamp on an office desk, living room").setting).toBe("office");
  });

  it("reads a bed as bedding to stand on, a material opening the prompt as the product's", () => {
    for (const prompt of [
      "teddy bear on a bed in a cozy kids room",
      "玩具熊在床上",
      "床上的玩具熊",
      // (its quote is a space once normalised: "a kid s" is one word and its "s")
      "plush toy on a kid's bed, pastel colors",
    ]) {
      const intent = parsePrompt(prompt);
      expect(intent.product?.kind, prompt).toBe("toy");
      expect(intent.setting, prompt).toBe("bedroom");
      expect(intent.materials, prompt).toEqual(["linen"]);
    }
    // a bed for sale is not a cloth to stand it on
    expect(parsePrompt("a bed in a bright bedroom").materials).toEqual([]);
    // the seller's stone on the beach: the beach's sand, not a stone floor
    expect(parsePrompt("stone on the beach at sunset").materials).toEqual([]);
    // a picnic's blanket is a word of the brief: the gingham a meadow's flat lay is laid on
    expect(parsePrompt("bananas on a picnic blanket in a meadow").unused).toEqual([]);
    // a breakfast is a kitchen's table in the morning (it was left unused)
    for (const brief of ["banana on a breakfast table", "早餐桌上的香蕉"]) {
      const breakfast = parsePrompt(brief);
      expect(breakfast.unused, brief).toEqual([]);
      expect([breakfast.setting, breakfast.time], brief).toEqual(["kitchen", "morning"]);
    }
    expect(parsePrompt("perfume on a stone slab").materials).toEqual(["concrete"]);
    // a word of its own before the product's is still the seller's: a river stone on moss is
    // no concrete floor, a hardcover book no books beside it
    expect(parsePrompt("river stone on moss in a forest").materials).toEqual([]);
    const book = parsePrompt("hardcover book on a coffee table in a cozy living room");
    expect(book.product?.kind).toBe("book");
    expect(book.things).toEqual([]);
    expect(parsePrompt("perfume on marble").materials).toEqual(["marble"]);
    // daytime is an hour (dusk skylines for "a street in the city, daytime"), daylight a light
    expect(parsePrompt("car parked on a street in the city, daytime").time).toBe("noon");
    expect(parsePrompt("白天的城市街道").time).toBe("noon");
    expect(parsePrompt("soft daylight").time).toBeUndefined();
    expect(parsePrompt("boxes on a concrete floor in an industrial loft").setting).toBe(
      "living-room",
    );
    // a building is a city's ("a modern building at night" was a black studio)
    for (const prompt of ["luxury car in front of a modern building at night", "高楼前的汽车"]) {
      expect(parsePrompt(prompt).setting, prompt).toBe("city-street");
      expect(parsePrompt(prompt).unused, prompt).toEqual([]);
    }
    expect(parsePrompt("zen stone on raked gravel").unused).toEqual([]);
    // a thing for sale named beside the product is nothing the set adds: said so, not dropped
    expect(parsePrompt("novel on a bedside table next to a lamp").unused).toEqual(["lamp"]);
    expect(parsePrompt("teddy bear on a chair").unused).toEqual(["chair"]);
    expect(parsePrompt("a watch and a bracelet on marble").unused).toEqual([]);
    expect(parsePrompt("desk lamp on a wooden desk in a bright living room").unused).toEqual([]);
    expect(parsePrompt("gift boxes on a table").unused).toEqual([]);
    // Chinese briefs: a wooden board, an afternoon's sun, the banana itself
    const board = parsePrompt("香蕉放在木质砧板上，厨房，自然光");
    expect(board.unused).toEqual([]);
    expect(board.materials).toEqual(["wood"]);
    const cafe = parsePrompt("书放在咖啡馆的桌子上，温暖的午后阳光");
    expect(cafe.unused).toEqual([]);
    expect(cafe.time).toBe("noon");
    expect(parsePrompt("book on a cafe table, warm afternoon sun").unused).toEqual([]);
    // a kitchen island is a kitchen's counter, not an island's beach
    expect(parsePrompt("bananas on a marble kitchen island").settings).toEqual(["kitchen"]);
  });

  it("rejects prompts that are not strings or are too long", () => {
    expect(() => parsePrompt(42 as unknown as string)).toThrow(TypeError);
    expect(() => parsePrompt("a".repeat(5000))).toThrow(RangeError);
  });
});

describe("prompts drive the plan", () => {
  it.each([
    ["on a marble counter", "marble"],
    ["大理石", "marble"],
    ["oak table", "wood"],
    ["橡木桌面", "wood"],
    ["on the beach", "sand"],
    ["海边沙滩", "sand"],
  ])("%s puts %s in every plan's set", (prompt, kind) => {
    for (const p of plan(prompt)) {
      const kinds = [
        p.floor.kind,
        p.wall.kind,
        ...p.props.filter((x) => x.stage).map((x) => x.material.kind),
      ];
      expect(kinds).toContain(kind);
    }
  });

  it.each([
    ["golden hour", "夕阳"],
    ["neon night", "霓虹"],
    ["christmas", "圣诞"],
  ])("%s and %s choose the same kind of set", (en, zh) => {
    const a = plan(en).map((p) => p.templateId);
    const b = plan(zh).map((p) => p.templateId);
    expect(new Set(a)).toEqual(new Set(b));
  });

  it("golden hour gives a low warm light, neon night a dark set with coloured light", () => {
    for (const p of plan("golden hour")) {
      expect(p.light.temperatureK).toBeLessThan(3600);
      expect(p.light.elevationDeg).toBeLessThan(30);
    }
    for (const p of plan("霓虹")) {
      expect(p.light.ambient).toBeLessThan(0.2);
      expect(p.light.rim).toBeDefined();
    }
  });

  it("a named colour tints the backdrop", () => {
    for (const p of plan("pastel pink podium")) {
      const [r, g, b] = p.wall.color;
      expect(r).toBeGreaterThan(g);
      expect(r).toBeGreaterThan(b - 5);
    }
  });

  it("takes the opening words before the product's for the product's, not the set's", () => {
    // (white sneakers made the set white; organic bananas a botanical flat lay on plaster)
    const shoes = parsePrompt("white sneakers on a wooden floor");
    expect(shoes.colors).toEqual([]);
    expect(shoes.materials).toEqual(["wood"]);
    expect(parsePrompt("organic bananas on a rustic table").tags).not.toContain("organic");
    expect(parsePrompt("marble vase on an oak table").materials).toEqual(["wood"]);
    // a place, a light or a mood there is still the set's
    expect(parsePrompt("sunset on the beach").time).toBe("golden");
    expect(parsePrompt("luxury perfume on a table").mood).toBe("luxury");
    expect(parsePrompt("white marble background").colors.length).toBe(1);
    expect(setWords("Polished stone on a bathroom counter")).toBe("on a bathroom counter ");
    expect(setWords("石头放在苔藓上")).toBe("放在苔藓上 ");
  });

  it("understands a coffee table, a Scandinavian room, 木桌, a gemstone, a book with a cup", () => {
    const table = parsePrompt("book on a coffee table in a living room");
    expect(table.unused).toEqual([]);
    expect(table.setting).toBe("living-room");
    expect(table.product?.kind).toBe("book");
    for (const prompt of ["lamp in a scandinavian living room", "台灯 北欧风 客厅"]) {
      const room = parsePrompt(prompt);
      expect(room.unused, prompt).toEqual([]);
      expect(room.mood, prompt).toBe("minimal");
    }
    expect(parsePrompt("香蕉 木桌 早晨阳光").unused).toEqual([]);
    expect(parsePrompt("gemstone on black velvet").product?.kind).toBe("jewelry");
    // the book is the seller's and the cup beside it is reported; coffee is no colour
    const cup = parsePrompt("book with a cup of coffee on a cafe table");
    expect(cup.product?.kind).toBe("book");
    expect(cup.unused).toContain("cup");
    expect(cup.colors).toEqual([]);
  });

  it("understands packaging, a modern office, a kid's bedroom, a reading mood", () => {
    // (包装盒 left 装盒 unused; modern, 现代, kid, reading, 安静, 学习 were reported unused)
    const boxes = parsePrompt("包装盒放在大理石台面上，奢华风格");
    expect(boxes.product?.kind).toBe("product box");
    expect(boxes.unused).toEqual([]);
    for (const prompt of [
      "desk lamp on an office desk, modern workspace",
      "台灯放在办公桌上，现代办公室",
    ]) {
      const office = parsePrompt(prompt);
      expect(office.unused, prompt).toEqual([]);
      expect(office.setting, prompt).toBe("office");
    }
    const kid = parsePrompt("teddy bear on a bed in a kid's bedroom");
    expect(kid.unused).toEqual([]);
    expect(kid.setting).toBe("bedroom");
    expect(parsePrompt("a novel on a linen bedspread, cozy reading mood").unused).toEqual([]);
    expect(parsePrompt("书放在书桌上，安静的学习氛围").unused).toEqual([]);
    // a word of the product's own is not the set's to realise; one after the place still is
    expect(parsePrompt("polished stone on black slate").unused).toEqual([]);
    expect(parsePrompt("stone on black slate, polished").unused).toEqual(["polished"]);
  });
});
