// The prompt table: 80 prompts as sellers write them (half Chinese, some long and messy). Each
// one's stated setting, camera and props must reach the plan the engine builds, and words the
// engine cannot realise must be reported, not dropped.
import { describe, expect, it } from "vitest";
import { describePlan } from "./describe-plan.ts";

interface Row {
  prompt: string;
  setting?: string;
  camera?: string;
  props?: string[];
}

const table: Row[] = [
  { prompt: "flat lay on pink paper with flowers", camera: "top-down", props: ["flowers"] },
  {
    prompt: "in a snowy forest at night, christmas lights",
    setting: "forest",
    props: ["fairy-lights"],
  },
  { prompt: "on a beach at sunset", setting: "beach" },
  { prompt: "kitchen counter, morning light, lemons", setting: "kitchen", props: ["fruit"] },
  {
    prompt: "bathroom shelf with eucalyptus and water drops",
    setting: "bathroom",
    props: ["leaves", "water-drops"],
  },
  {
    prompt: "cozy living room, candles, books",
    setting: "living-room",
    props: ["candles", "books"],
  },
  { prompt: "bedroom nightstand, soft light", setting: "bedroom" },
  { prompt: "cafe table with coffee beans", setting: "cafe", props: ["coffee-beans"] },
  { prompt: "office desk, clean, minimal", setting: "office" },
  { prompt: "garden with tulips", setting: "garden", props: ["flowers"] },
  { prompt: "city street at night neon", setting: "city-street" },
  { prompt: "desert dunes, hard light", setting: "desert" },
  { prompt: "poolside summer vibes with ice cubes", setting: "pool", props: ["ice"] },
  { prompt: "mountain top, adventure, stones", setting: "mountain", props: ["stones"] },
  { prompt: "wildflower meadow", setting: "field" },
  { prompt: "top down shot on marble with gold ribbons", camera: "top-down", props: ["ribbons"] },
  { prompt: "low angle hero shot of sneakers on concrete", camera: "low" },
  { prompt: "high angle view, wooden table, fruit", camera: "high", props: ["fruit"] },
  { prompt: "close-up macro with water droplets", camera: "close-up", props: ["water-drops"] },
  { prompt: "three quarter view in a studio", camera: "three-quarter", setting: "studio" },
  { prompt: "eye level, white seamless", camera: "eye-level" },
  {
    prompt: "knolling layout with leaves and pebbles",
    camera: "top-down",
    props: ["leaves", "stones"],
  },
  { prompt: "christmas gifts under fairy lights", props: ["gift-boxes", "fairy-lights"] },
  { prompt: "valentine's day, roses and a silk drape", props: ["flowers", "fabric"] },
  {
    prompt: "autumn forest floor with pine cones and branches",
    setting: "forest",
    props: ["pine-cones", "branches"],
  },
  { prompt: "on the beach with seashells", setting: "beach", props: ["shells"] },
  { prompt: "candlelight dinner vibe, dark and moody", props: ["candles"] },
  {
    prompt: "skincare bottle, spa stones, eucalyptus leaves, soft diffused light",
    props: ["stones", "leaves"],
  },
  { prompt: "Perfume on a snowy mountain, golden hour!!", setting: "mountain" },
  {
    prompt: "overhead flatlay: linen, dried branches, a notebook",
    camera: "top-down",
    props: ["branches", "books"],
  },
  { prompt: "in the woods, morning mist, ferns", setting: "forest", props: ["leaves"] },
  {
    prompt: "by the pool, tropical, citrus slices and ice",
    setting: "pool",
    props: ["fruit", "ice"],
  },
  { prompt: "street style, downtown, hard shadows", setting: "city-street" },
  {
    prompt: "garden party with strawberries and ribbons",
    setting: "garden",
    props: ["fruit", "ribbons"],
  },
  {
    prompt: "on a bed of silk with petals, close up",
    camera: "close-up",
    props: ["fabric", "flowers"],
  },
  {
    prompt: "gift box and pine cones, xmas, top view",
    camera: "top-down",
    props: ["gift-boxes", "pine-cones"],
  },
  { prompt: "minimal studio, beige, no props", setting: "studio" },
  { prompt: "camping in the mountains at dusk", setting: "mountain" },
  {
    prompt: "kitchen, fresh fruit, splash, bright",
    setting: "kitchen",
    props: ["fruit", "water-drops"],
  },
  {
    prompt: "a cosy cafe with books and a candle, warm light, from above",
    setting: "cafe",
    camera: "high",
    props: ["books", "candles"],
  },
  // Chinese
  { prompt: "粉色纸上平铺，旁边放鲜花", camera: "top-down", props: ["flowers"] },
  { prompt: "雪地森林，夜晚，圣诞彩灯", setting: "forest", props: ["fairy-lights"] },
  { prompt: "海边日落", setting: "beach" },
  { prompt: "厨房台面，早晨阳光，柠檬", setting: "kitchen", props: ["fruit"] },
  { prompt: "浴室洗手台，尤加利叶和水珠", setting: "bathroom", props: ["leaves", "water-drops"] },
  { prompt: "温馨客厅，蜡烛和书本", setting: "living-room", props: ["candles", "books"] },
  { prompt: "卧室床头柜，柔光", setting: "bedroom" },
  { prompt: "咖啡馆桌面，撒一些咖啡豆", setting: "cafe", props: ["coffee-beans"] },
  { prompt: "办公桌上，简约干净", setting: "office" },
  { prompt: "花园里，郁金香", setting: "garden", props: ["flowers"] },
  { prompt: "城市街头夜景，霓虹", setting: "city-street" },
  { prompt: "沙漠沙丘，硬光", setting: "desert" },
  { prompt: "泳池边，夏日，冰块", setting: "pool", props: ["ice"] },
  { prompt: "山顶，户外探险，石头", setting: "mountain", props: ["stones"] },
  { prompt: "草原花海", setting: "field" },
  { prompt: "俯拍 大理石台面 金色丝带", camera: "top-down", props: ["ribbons"] },
  { prompt: "低角度仰拍运动鞋，水泥地", camera: "low" },
  { prompt: "高角度，木桌，水果", camera: "high", props: ["fruit"] },
  { prompt: "微距特写，水滴", camera: "close-up", props: ["water-drops"] },
  { prompt: "45度侧面，影棚白底", camera: "three-quarter", setting: "studio" },
  { prompt: "平视正面拍摄", camera: "eye-level" },
  { prompt: "平铺摆拍，树叶和鹅卵石", camera: "top-down", props: ["leaves", "stones"] },
  { prompt: "圣诞礼盒，串灯", props: ["gift-boxes", "fairy-lights"] },
  { prompt: "情人节，玫瑰花和丝绸", props: ["flowers", "fabric"] },
  { prompt: "秋天的树林，松果和树枝", setting: "forest", props: ["pine-cones", "branches"] },
  { prompt: "沙滩上放几个贝壳", setting: "beach", props: ["shells"] },
  { prompt: "烛光晚餐氛围，暗调", props: ["candles"] },
  {
    prompt: "护肤品放在大理石台面上，旁边有鲜花和水珠，柔光，高级感",
    props: ["flowers", "water-drops"],
  },
  { prompt: "香水 雪山 黄金时刻!!", setting: "mountain" },
  { prompt: "俯拍平铺：亚麻布、枯枝、笔记本", camera: "top-down", props: ["branches", "books"] },
  { prompt: "清晨的树林，蕨类植物", setting: "forest", props: ["leaves"] },
  { prompt: "泳池边 热带 橙子 冰块", setting: "pool", props: ["fruit", "ice"] },
  { prompt: "街拍风，都市，强烈阴影", setting: "city-street" },
  { prompt: "花园派对，草莓和丝带", setting: "garden", props: ["fruit", "ribbons"] },
  { prompt: "丝绸上撒花瓣，特写", camera: "close-up", props: ["fabric", "flowers"] },
  { prompt: "礼盒和松果，圣诞节，顶视", camera: "top-down", props: ["gift-boxes", "pine-cones"] },
  { prompt: "极简影棚，米色背景", setting: "studio" },
  { prompt: "黄昏时分在山间露营", setting: "mountain" },
  {
    prompt: "厨房 新鲜水果 水花 明亮 要有高级感 主图用",
    setting: "kitchen",
    props: ["fruit", "water-drops"],
  },
  {
    prompt: "咖啡店里 书和蜡烛 暖光 高角度拍",
    setting: "cafe",
    camera: "high",
    props: ["books", "candles"],
  },
];

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

  it.each(table)("$prompt", ({ prompt, setting, camera, props }) => {
    const d = plan(prompt);
    if (setting) {
      expect(d.understood.setting).toBe(setting);
      for (const shot of d.shots) expect(shot.setting).toBe(setting);
    }
    if (camera) for (const shot of d.shots) expect(shot.camera.view).toBe(camera);
    for (const p of props ?? []) {
      expect(d.understood.props).toContain(p);
      for (const shot of d.shots) expect(shot.props).toContain(p);
    }
  });
});

describe("what the engine cannot realise", () => {
  it("lists the words it did not use", () => {
    expect(plan("a unicorn on a rainbow with dragons").unused).toEqual([
      "unicorn",
      "rainbow",
      "dragons",
    ]);
    expect(plan("独角兽和彩虹").unused).toEqual(["独角兽", "彩虹"]);
  });
  it("does not report filler or product words", () => {
    expect(plan("a photo of my perfume bottle on marble with flowers, please").unused).toEqual([]);
    expect(plan("护肤品放在大理石台面上，旁边有鲜花").unused).toEqual([]);
  });
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
