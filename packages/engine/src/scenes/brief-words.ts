// The brief's vocabulary beyond surfaces and colours: camera views, settings, light, seasons,
// holidays and props, as sellers write them in English and Chinese. Each word is what the
// renderer can build (render/ draws every setting and prop listed here), so a word that is
// missing here is a word the plan reports as unused rather than a word silently ignored.
import type { CameraView, LexEntry, LightWord, PropWord } from "./brief-vocabulary.types.ts";
import { placeWords } from "./place-words.ts";

export type * from "./brief-vocabulary.types.ts";

const cam = (en: string[], zh: string[], camera: CameraView): LexEntry => ({
  en,
  zh,
  camera,
  tags: [],
});
const light = (
  en: string[],
  zh: string[],
  l: LightWord,
  extra: Partial<LexEntry> = {},
): LexEntry => ({
  en,
  zh,
  light: l,
  tags: [],
  ...extra,
});
const thing = (
  en: string[],
  zh: string[],
  p: PropWord,
  extra: Partial<LexEntry> = {},
): LexEntry => ({
  en,
  zh,
  things: [p],
  tags: [],
  ...extra,
});

export const briefWords: LexEntry[] = [
  // camera
  cam(
    ["eye level", "straight on", "front view", "frontal", "head on", "front on"],
    ["平视", "正面", "正视", "正拍"],
    "eye-level",
  ),
  cam(
    [
      "three quarter",
      "3 4 view",
      "45 degree",
      "45 degrees",
      "45°",
      "angled view",
      "side angle",
      "at an angle",
    ],
    ["45度", "45°", "斜侧", "侧面", "四分之三", "斜角"],
    "three-quarter",
  ),
  cam(
    ["low angle", "from below", "worm's eye", "worms eye", "hero shot", "looking up"],
    ["低角度", "仰拍", "仰视", "低机位"],
    "low",
  ),
  cam(
    ["high angle", "from above", "looking down", "elevated view"],
    ["高角度", "俯视", "高机位", "斜俯拍"],
    "high",
  ),
  cam(
    [
      "flat lay",
      "flatlay",
      "top down",
      "overhead",
      "bird's eye",
      "birds eye",
      "from the top",
      "knolling",
      "top view",
      "directly above",
    ],
    ["平铺", "俯拍", "顶视", "正上方", "垂直俯拍", "摆拍", "平拍", "俯视平铺", "鸟瞰"],
    "top-down",
  ),
  cam(
    ["close up", "closeup", "macro", "detail shot", "details", "tight crop"],
    ["特写", "微距", "细节", "近景", "近拍"],
    "close-up",
  ),
  // settings (place-words.ts)
  ...placeWords,
  // light
  light(
    ["soft light", "soft lighting", "diffused", "diffused light", "overcast", "even light"],
    ["柔光", "散射光", "阴天", "柔和光线", "漫射光"],
    "soft",
    { mood: "soft" },
  ),
  // (daylight is soft light from the sky: no hour, no window's bars; "daytime" is an hour, the
  // day's: lexicon.ts)
  light(["daylight", "natural light", "natural lighting", "day light"], ["自然光", "日光"], "soft"),
  light(
    [
      "hard light",
      "harsh light",
      "strong shadows",
      "direct sun",
      "crisp shadows",
      "hard shadows",
      "dramatic shadows",
    ],
    ["硬光", "强光", "硬朗", "强烈阴影", "硬阴影", "光影"],
    "hard",
  ),
  light(
    ["candlelight", "candle light", "candlelit", "by candlelight"],
    ["烛光", "烛光晚餐"],
    "candle",
    { time: "night", tags: ["cozy", "warm"], things: ["candles"] },
  ),
  light(
    ["backlit", "backlight", "back light", "rim light", "rim lit"],
    ["逆光", "背光", "轮廓光"],
    "backlit",
  ),
  // props
  thing(
    [
      "flower",
      "flowers",
      "floral",
      "roses",
      "peony",
      "peonies",
      "tulip",
      "tulips",
      "bouquet",
      "blossom",
      "blossoms",
      "petals",
      "daisies",
      "lavender sprigs",
    ],
    ["花", "鲜花", "花朵", "花瓣", "玫瑰", "牡丹", "郁金香", "花束", "花卉", "小雏菊"],
    "flowers",
    { tags: ["spring", "botanical"] },
  ),
  thing(
    [
      "leaf",
      "leaves",
      "foliage",
      "greenery",
      "palm leaves",
      "monstera",
      "eucalyptus",
      "fern",
      "ferns",
      "plant",
      "plants",
      "botanical",
      "palm",
    ],
    ["叶子", "树叶", "绿叶", "龟背竹", "尤加利", "蕨", "绿植", "植物", "棕榈", "叶"],
    "leaves",
    { tags: ["botanical", "leaves"], gobo: "leaves" },
  ),
  thing(
    ["branch", "branches", "twig", "twigs", "driftwood", "sprig", "sprigs"],
    ["树枝", "枝条", "枯枝", "枝叶", "枝"],
    "branches",
    { tags: ["natural"] },
  ),
  thing(
    ["stones", "pebble", "pebbles", "rocks", "river stones"],
    ["鹅卵石", "石子", "石头", "卵石"],
    "stones",
    { tags: ["spa", "natural"] },
  ),
  thing(
    [
      "fruit",
      "fruits",
      "lemons",
      "oranges",
      "orange slices",
      "citrus",
      "berries",
      "strawberries",
      "strawberry",
      "apple",
      "apples",
      "grapes",
      "cherries",
      "peaches",
      "limes",
    ],
    ["水果", "柠檬", "橙子", "草莓", "苹果", "葡萄", "樱桃", "浆果", "桃子", "青柠", "果"],
    "fruit",
    { tags: ["fresh"] },
  ),
  thing(
    ["water drops", "droplets", "water droplets", "dew", "splash", "splashes", "wet", "drops"],
    ["水珠", "水滴", "露珠", "水花", "水珠感"],
    "water-drops",
    { tags: ["fresh", "water"] },
  ),
  thing(["ice", "ice cubes", "ice cube", "icy", "frozen"], ["冰块", "冰", "冰镇", "冰爽"], "ice", {
    tags: ["cool", "winter"],
  }),
  thing(
    ["silk", "satin", "drape", "draped fabric", "draped", "velvet", "chiffon"],
    ["丝绸", "绸缎", "布料", "丝巾", "丝绒", "纱"],
    "fabric",
    { tags: ["luxury", "soft"] },
  ),
  thing(["ribbon", "ribbons", "bow", "bows"], ["丝带", "缎带", "蝴蝶结"], "ribbons", {
    tags: ["gift"],
  }),
  thing(
    ["gift", "gifts", "gift box", "gift boxes", "present", "presents", "giftbox"],
    ["礼物", "礼盒", "礼品盒", "礼品", "送礼"],
    "gift-boxes",
    { tags: ["gift", "festive"] },
  ),
  thing(
    [
      "book",
      "books",
      "magazine",
      "magazines",
      "notebook",
      "novel",
      "paperback",
      "journal",
      "diary",
    ],
    ["书", "书本", "书籍", "杂志", "笔记本", "小说", "手账", "日记本"],
    "books",
    { tags: ["cozy"] },
  ),
  thing(["candle", "candles", "tealight", "tealights"], ["蜡烛", "香薰蜡烛", "烛台"], "candles", {
    tags: ["cozy", "warm"],
  }),
  thing(["christmas lights", "xmas lights"], ["圣诞灯", "圣诞彩灯"], "fairy-lights", {
    tags: ["christmas", "festive", "night"],
    holiday: "christmas",
    season: "winter",
  }),
  thing(
    [
      "fairy lights",
      "string lights",
      "twinkle lights",
      "bokeh",
      "lights",
      "led lights",
      "light bokeh",
      "sparkle",
      "sparkles",
      "glitter",
    ],
    ["串灯", "灯串", "彩灯", "小灯", "星星灯", "光斑", "灯光", "闪光", "亮片"],
    "fairy-lights",
    { tags: ["festive", "night"] },
  ),
  thing(
    ["shell", "shells", "seashell", "seashells", "starfish", "coral"],
    ["贝壳", "海星", "珊瑚"],
    "shells",
    { tags: ["beach", "summer"] },
  ),
  thing(
    ["pine cone", "pine cones", "pinecone", "pinecones", "pine branches", "pine"],
    ["松果", "松枝", "松针"],
    "pine-cones",
    { tags: ["christmas", "winter"] },
  ),
  thing(["coffee beans", "beans"], ["咖啡豆"], "coffee-beans", { tags: ["cafe", "warm"] }),
  // seasons and holidays that the older lexicon names only by tag
  {
    en: ["easter", "easter eggs"],
    zh: ["复活节", "彩蛋"],
    tags: ["spring", "pastel"],
    holiday: "easter",
    things: ["flowers"],
  },
  {
    en: ["mid autumn", "mooncake", "moon festival"],
    zh: ["中秋", "中秋节", "月饼", "赏月"],
    tags: ["autumn", "night", "chinese"],
    holiday: "mid-autumn",
    time: "night",
  },
  {
    en: ["mother's day", "mothers day", "mom"],
    zh: ["母亲节", "妈妈"],
    tags: ["soft", "romantic"],
    holiday: "mothers-day",
    things: ["flowers"],
  },
];
