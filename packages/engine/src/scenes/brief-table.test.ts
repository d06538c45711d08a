// The prompt table: 80 prompts as sellers write them (half Chinese, some long and messy). Each
// one's stated setting, camera and props must reach the plan the engine builds, and words the
// engine cannot realise must be reported, not dropped.
import { describe, expect, it } from "vitest";
import { promptTable as table } from "../../test/fixtures/prompt-table.ts";
import { describePlan } from "./describe-plan.ts";

const plan = (prompt: string) =>
  describePlan({
    prompt,
    seed: 1,
    count: 4,
    width: 512,
    height: 512,
    product: { colors: [[200, 160, 60]], aspectRatio: 0.6 },
  });

describe("the prompt table", () => {
  it("has at least 80 prompts, half of them Chinese", () => {
    expect(table.length).toBeGreaterThanOrEqual(80);
    expect(table.filter((r) => /[\u4e00-\u9fff]/.test(r.prompt)).length).toBeGreaterThanOrEqual(40);
  });

  it.each(table)("$prompt", ({ prompt, setting, camera, props, product, stands }) => {
    const d = plan(prompt);
    if (setting) {
      expect(d.understood.setting).toBe(setting);
      for (const shot of d.shots) expect(shot.setting).toBe(setting);
    }
    if (camera) for (const shot of d.shots) expect(shot.camera.view).toBe(camera);
    if (product) expect(d.understood.product.kind).toBe(product);
    if (stands) for (const shot of d.shots) expect(shot.stands).toBe(stands);
    for (const p of props ?? []) {
      expect(d.understood.props).toContain(p);
      for (const shot of d.shots) expect(shot.props).toContain(p);
    }
  });
});

describe("props for any product shape", () => {
  it.each([1, 1.6, 2.2])(
    "a product %f times as wide as tall still gets nearly every named prop in every shot",
    (aspectRatio) => {
      let wanted = 0;
      let placed = 0;
      for (const row of table) {
        const d = describePlan({
          prompt: row.prompt,
          seed: 1,
          count: 4,
          width: 512,
          height: 512,
          product: { colors: [[120, 120, 120]], aspectRatio },
        });
        for (const p of row.props ?? [])
          for (const shot of d.shots) {
            wanted++;
            if (shot.props.includes(p)) placed++;
          }
      }
      expect(wanted).toBeGreaterThan(200);
      expect(placed / wanted).toBeGreaterThan(0.94);
    },
  );
});

describe("what the engine cannot realise", () => {
  it("lists the words it did not use", () => {
    expect(plan("a unicorn on a rainbow with dragons").unused).toEqual(["rainbow", "dragons"]);
    expect(plan("rainbow and dragons, a unicorn").unused).toEqual([
      "rainbow",
      "dragons",
      "unicorn",
    ]);
    expect(plan("独角兽和彩虹").unused).toEqual(["独角兽", "彩虹"]);
  });
  it("does not report filler or product words", () => {
    expect(plan("a photo of my perfume bottle on marble with flowers, please").unused).toEqual([]);
    expect(plan("护肤品放在大理石台面上，旁边有鲜花").unused).toEqual([]);
  });

  it("reads daylight, natural light and a rustic table", () => {
    for (const prompt of ["in a kids room, soft daylight", "natural light, 自然光"]) {
      const p = plan(prompt);
      expect(p.unused, prompt).toEqual([]);
      expect(p.understood.lights, prompt).toContain("soft");
    }
    // daytime is the day's hour: its plates, not a skyline at dusk
    for (const prompt of ["白天", "daytime"]) {
      const p = plan(prompt);
      expect(p.unused, prompt).toEqual([]);
      expect(p.understood.lights, prompt).toContain("noon");
    }
    expect(plan("on a rustic farmhouse table").unused).toEqual([]);
  });
});

describe("a city named", () => {
  it.each(["a car in front of Tower Bridge in London", "伦敦塔桥前的汽车", "against the skyline"])(
    "%s: a city street, no word unused",
    (prompt) => {
      const p = plan(prompt);
      expect(p.understood.setting).toBe("city-street");
      expect(p.unused).toEqual([]);
    },
  );
});

describe("places sellers name that the pack photographs", () => {
  // each was four drawn studio sets with its words reported unused
  it.each([
    ["kids room, soft window light", "bedroom"],
    ["on a hotel nightstand", "bedroom"],
    ["儿童房 柔光", "bedroom"],
    ["in a cozy reading nook", "living-room"],
    ["in a log cabin", "living-room"],
    ["on a picnic table in the park", "garden"],
    ["野餐 草地", "garden"],
    ["on a concrete rooftop at dusk", "city-street"],
    ["in tuscany", "field"],
    ["葡萄园", "field"],
    ["on a wooden dock by the lake", "lake"],
    ["湖边 木栈桥", "lake"],
    ["in my home office", "office"],
    ["in a restaurant", "cafe"],
    ["放在餐桌上", "cafe"],
    ["on tropical sand with palm trees", "beach"],
    ["森林里的苔藓上", "forest"],
    ["by the river", "lake"],
    ["on a mountain summit", "mountain"],
    ["a dining table in a bright room", "living-room"],
    ["on a terrace overlooking the sea", "beach"],
    ["at a campsite", "mountain"],
    ["in new york", "city-street"],
  ] as const)("%s: %s", (prompt, setting) => {
    const p = plan(prompt);
    expect(p.understood.setting).toBe(setting);
    for (const word of ["kids", "nook", "cabin", "picnic", "rooftop", "tuscany", "lake", "york"])
      expect(p.unused).not.toContain(word);
  });

  it("a charging dock and a chocolate bar are products' words, not places", () => {
    expect(plan("wireless charging dock on a desk").understood.setting).not.toBe("lake");
    expect(plan("a chocolate bar on marble").understood.setting).not.toBe("cafe");
    expect(plan("a dining table in a bright room").understood.product.kind).toBe("dining table");
  });

  it("a hotel's spa is no bedroom", () => {
    for (const shot of plan("luxury hotel spa").shots) expect(shot.setting).not.toBe("bedroom");
  });

  it("what the pack cannot show is still reported", () => {
    expect(plan("by a fireplace in a greenhouse").unused).toEqual(
      expect.arrayContaining(["fireplace", "greenhouse"]),
    );
  });
});

describe("roads", () => {
  it.each(["two cars parked on a mountain road", "汽车停在山间公路上"])(
    "%s: the car stands on asphalt in the brief's setting, no word unused",
    (prompt) => {
      const p = plan(prompt);
      expect(p.unused).toEqual([]);
      expect(p.understood.setting).toBe("mountain");
      for (const shot of p.shots) {
        expect(shot.surface.kind).toBe("asphalt");
        expect(shot.stands).toBe("ground");
      }
    },
  );
});

describe("the product's size in the frame", () => {
  it.each([
    [512, 512],
    [1080, 1920],
    [1500, 1000],
  ])("stays within 35–75 %% of the shorter side of a %i×%i frame", (width, height) => {
    for (const prompt of ["on marble", "close-up of a perfume", "a car on a road", "平铺"]) {
      for (let seed = 1; seed <= 5; seed++) {
        const p = describePlan({
          prompt,
          seed,
          count: 4,
          width,
          height,
          product: { colors: [[200, 160, 60]], aspectRatio: 0.6 },
        });
        for (const shot of p.shots) {
          const productHeight = shot.camera.fill * height;
          expect(productHeight).toBeLessThanOrEqual(0.75 * Math.min(width, height) + 1);
          expect(productHeight).toBeGreaterThanOrEqual(0.35 * Math.min(width, height));
        }
      }
    }
  });
});

describe("shelves", () => {
  it.each(["a spa scene on a bathroom shelf", "浴室置物架上的水疗场景"])(
    "%s: the product stands on a slab in the bathroom",
    (prompt) => {
      const p = plan(prompt);
      expect(p.unused).toEqual([]);
      expect(p.understood.setting).toBe("bathroom");
      expect(p.shots.every((s) => s.layout === "slab")).toBe(true);
    },
  );
});

describe("four photographs that differ", () => {
  it("vary the camera when the seller did not pin it", () => {
    const views = plan("on marble").shots.map((s) => s.camera.view);
    expect(new Set(views).size).toBe(4);
    expect(views[0]).toBe("eye-level");
  });
  it("vary composition and set when the camera is pinned", () => {
    const shots = plan("flat lay with leaves").shots;
    const looks = shots.map((s) => JSON.stringify([s.surface, s.light.azimuthDeg, s.palette]));
    expect(new Set(looks).size).toBe(4);
  });
});
