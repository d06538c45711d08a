// Words and phrases sellers type, in English and Chinese, and what each asks of the set.
// Tags score templates; the other fields override what the chosen template would do.
import type { MaterialKind } from "../render/set-plan.types.ts";
import type { RGB } from "../types.ts";
import { briefWords, type LexEntry } from "./brief-words.ts";
import { productWords } from "./product-words.ts";

// the entry's shape lives with the vocabulary (brief-words.ts), which the word lists share
export type { LexEntry };

const m = (en: string[], zh: string[], material: MaterialKind, tags: string[] = []): LexEntry => ({
  en,
  zh,
  material,
  tags: [...tags, en[0]!],
});
const c = (en: string[], zh: string[], color: RGB, tags: string[] = []): LexEntry => ({
  en,
  zh,
  color,
  tags: [...tags, en[0]!],
});

export const lexicon: LexEntry[] = [
  ...briefWords,
  ...productWords,
  // materials
  m(["marble", "carrara"], ["大理石", "云石"], "marble"),
  m(
    ["wood", "wooden", "oak", "walnut", "timber"],
    ["木质", "木制", "实木", "木", "橡木", "胡桃木", "原木"],
    "wood",
    ["oak"],
  ),
  m(["concrete", "cement"], ["混凝土", "水泥"], "concrete"),
  m(["terrazzo"], ["水磨石"], "terrazzo"),
  m(["linen", "fabric", "cloth", "cotton"], ["亚麻", "布", "棉麻"], "linen"),
  // a picnic's cloth: the pack's gingham (a meadow's or a garden's flat lay is laid on it)
  {
    en: ["picnic blanket", "picnic cloth", "blanket", "tablecloth", "table cloth"],
    zh: ["野餐垫", "野餐布", "桌布", "毯子"],
    tags: ["picnic", "tablecloth"],
  },
  // "on the bed" is on its bedding, in a bedroom ("bed" alone is furniture: product-words.ts)
  {
    en: ["bedding", "duvet", "bedspread", "bedsheet", "bed sheet"],
    zh: ["床上", "被子", "床单"],
    tags: ["bedroom", "linen", "cozy"],
    setting: "bedroom",
    material: "linen",
  },
  m(["sand", "sandy"], ["沙", "沙子"], "sand"),
  // loose stones laid as the ground ("zen stone on raked gravel" was laid on concrete and
  // marble): the pack's gravel and pebble scans, chosen by the word (choose-scan.ts)
  { en: ["gravel", "raked gravel"], zh: ["砾石", "碎石", "石子路"], tags: ["gravel", "natural"] },
  // a road is its asphalt: the setting (street, mountain, desert) still comes from the brief
  m(
    ["road", "asphalt", "tarmac", "highway", "parked", "parking", "driveway"],
    ["公路", "马路", "道路", "柏油", "停车", "停在", "停放"],
    "asphalt",
    ["road", "city", "street"],
  ),
  m(
    ["metal", "steel", "brushed", "aluminium", "aluminum", "chrome"],
    ["金属", "不锈钢", "拉丝", "铝"],
    "metal",
  ),
  m(
    ["acrylic", "glossy", "mirror", "reflective", "reflection", "shiny"],
    ["亚克力", "镜面", "倒影", "反光", "光面"],
    "acrylic",
    ["glossy"],
  ),
  m(["water", "ripple", "ripples"], ["水", "水面", "水波"], "water"),
  m(["stone"], ["石", "岩石", "石材"], "concrete", ["spa"]),
  // (slate is the pack's slate, a ground cover chosen by its word, choose-scan.ts: as the drawn
  // sets' concrete, "on black slate" was laid on concrete)
  { en: ["slate"], zh: ["板岩"], tags: ["spa", "slate"] },
  m(
    ["paper", "kraft paper", "cardboard", "seamless paper"],
    ["纸", "牛皮纸", "卡纸", "纸张"],
    "paper",
  ),
  m(["plaster", "stucco"], ["灰泥", "石膏"], "plaster"),
  // colours
  c(["red", "crimson"], ["红", "红色"], [196, 44, 44]),
  c(["pink", "blush", "rose"], ["粉", "粉色", "粉红"], [238, 176, 188]),
  c(["orange", "tangerine"], ["橙", "橙色", "橘色"], [236, 140, 64]),
  c(["yellow", "lemon", "butter"], ["黄", "黄色", "鹅黄"], [240, 210, 100]),
  c(["green", "sage", "olive", "mint"], ["绿", "绿色", "薄荷", "橄榄"], [150, 180, 140]),
  c(["blue", "navy", "sky"], ["蓝", "蓝色", "天蓝", "藏青"], [110, 150, 210]),
  c(["teal", "aqua", "turquoise"], ["青", "青色", "湖蓝", "蒂芙尼蓝"], [70, 170, 170]),
  c(["purple", "lilac", "lavender", "violet"], ["紫", "紫色", "薰衣草"], [170, 140, 210]),
  c(["black", "dark"], ["黑", "黑色", "暗色", "深色"], [28, 28, 30], ["moody"]),
  c(["white"], ["白", "白色", "纯白"], [244, 243, 241], ["clean"]),
  c(["grey", "gray", "silver"], ["灰", "灰色", "银"], [190, 190, 192]),
  c(["beige", "cream", "nude", "ivory"], ["米色", "奶油", "裸色", "象牙白"], [226, 212, 192]),
  // ("coffee" is no colour: "a cup of coffee" laid a book on brown wood; coffee brown is brown)
  c(["brown", "chocolate"], ["棕", "棕色", "咖啡色", "巧克力"], [120, 84, 60]),
  c(["terracotta", "clay", "rust"], ["陶土", "赤陶", "砖红"], [200, 124, 90]),
  c(["gold", "golden"], ["金", "金色"], [212, 172, 96], ["luxury"]),
  // moods
  {
    en: ["minimal", "minimalist", "clean", "simple"],
    zh: ["简约", "极简", "干净", "简洁"],
    tags: ["minimal", "clean"],
    mood: "minimal",
  },
  // ("modern workspace", 现代办公室: reported unused before)
  {
    en: ["modern", "contemporary", "sleek"],
    zh: ["现代", "现代风", "摩登"],
    tags: ["minimal", "clean", "modern"],
    mood: "minimal",
  },
  // (a Scandinavian room is a bright one, pale wood and white: reported unused before)
  {
    en: ["scandinavian", "scandi", "nordic"],
    zh: ["北欧风", "北欧"],
    tags: ["minimal", "clean", "bright", "oak"],
    mood: "minimal",
  },
  {
    en: ["luxury", "luxurious", "premium", "elegant", "high-end"],
    zh: ["奢华", "高级", "高端", "优雅", "轻奢"],
    tags: ["luxury", "elegant", "premium"],
    mood: "luxury",
  },
  {
    en: ["playful", "fun", "colorful", "colourful", "vibrant", "bold", "pop"],
    zh: ["活泼", "多彩", "撞色", "鲜艳", "俏皮"],
    tags: ["playful", "bold", "pop"],
    mood: "playful",
  },
  {
    en: ["dramatic", "moody", "dark and moody", "cinematic"],
    zh: ["戏剧", "暗调", "电影感", "氛围感"],
    tags: ["moody", "dark"],
    mood: "dramatic",
  },
  {
    en: ["fresh", "airy", "light and airy", "bright", "light filled"],
    zh: ["清新", "通透", "明亮"],
    tags: ["fresh", "bright", "airy"],
    mood: "fresh",
  },
  {
    // (a reading mood, 安静的: a quiet corner at home; reported unused before)
    en: ["cozy", "cosy", "warm", "homey", "reading", "quiet", "relaxing"],
    zh: ["温馨", "温暖", "舒适", "暖", "安静", "静谧", "阅读"],
    tags: ["cozy", "warm"],
    mood: "cozy",
  },
  {
    en: ["soft", "dreamy", "gentle", "pastel"],
    zh: ["柔和", "梦幻", "马卡龙", "粉彩"],
    tags: ["soft", "pastel"],
    mood: "soft",
  },
  {
    en: ["natural", "organic", "earthy"],
    zh: ["自然", "天然", "有机"],
    tags: ["natural", "organic", "earthy"],
  },
  { en: ["urban"], zh: ["都市"], tags: ["industrial", "urban"] },
  // (an industrial style is a loft's for what stands on a table: photo-setting-of.ts)
  { en: ["industrial"], zh: ["工业风", "工业"], tags: ["industrial", "urban"] },
  // (worn wood and weathered planks: the pack's scans tagged "rustic" are chosen by the word
  // itself, choose-scan.ts; here it scores the wooden sets)
  {
    en: ["rustic", "farmhouse", "weathered"],
    zh: ["做旧", "田园风", "原木风"],
    tags: ["rustic", "natural", "oak"],
  },
  // places
  {
    // (palm trees are a beach's, not a forest's or a palm leaf prop's)
    en: [
      "beach",
      "on the beach",
      "seaside",
      "sea",
      "ocean",
      "coast",
      "seashore",
      "shore",
      "island",
      "palm trees",
      "palm tree",
    ],
    zh: ["海边", "沙滩", "海滩", "大海", "海洋", "海岛", "岛屿", "椰树", "棕榈树"],
    tags: ["beach", "sea", "outdoor"],
    setting: "beach",
  },
  {
    en: ["desert", "dune", "dunes"],
    zh: ["沙漠", "沙丘"],
    tags: ["desert", "dune", "outdoor"],
    setting: "desert",
  },
  {
    // (a kitchen island is a counter, not an island's beach)
    en: ["kitchen", "kitchen counter", "kitchen island"],
    zh: ["厨房", "灶台", "厨房台面"],
    tags: ["kitchen", "counter"],
    setting: "kitchen",
  },
  { en: ["counter", "countertop"], zh: ["台面", "桌台"], tags: ["counter"] },
  // (a breakfast is laid at a kitchen's table in the morning: "breakfast" was left unused)
  {
    en: ["breakfast", "brunch"],
    zh: ["早餐桌上", "早餐桌", "早餐", "早饭", "早午餐"],
    tags: ["kitchen", "morning", "fresh"],
    setting: "kitchen",
    time: "morning",
    light: "morning",
  },
  {
    en: ["bathroom", "vanity"],
    zh: ["浴室", "卫生间", "洗手台"],
    tags: ["bathroom"],
    setting: "bathroom",
  },
  { en: ["spa", "zen", "wellness"], zh: ["水疗", "禅意", "养生"], tags: ["spa", "zen", "calm"] },
  {
    en: ["studio", "e-commerce", "ecommerce", "catalog", "catalogue"],
    zh: ["影棚", "摄影棚", "电商", "白底"],
    tags: ["studio", "ecommerce"],
    setting: "studio",
  },
  { en: ["table", "tabletop"], zh: ["桌面", "桌子", "桌上", "桌"], tags: ["table", "cafe"] },
  {
    en: ["window", "window light", "sunlight", "sun", "sunshine"],
    zh: ["窗", "窗边", "窗光", "阳光"],
    tags: ["window"],
    gobo: "window",
    light: "window",
  },
  { en: ["blinds", "shutters"], zh: ["百叶窗"], tags: ["blinds", "window"], gobo: "blinds" },
  // times of day
  {
    en: ["golden hour", "sunset", "sunrise", "dusk", "evening"],
    zh: ["夕阳", "黄昏", "日落", "黄金时刻", "傍晚", "日出"],
    tags: ["golden", "sunset", "warm"],
    time: "golden",
    light: "golden-hour",
  },
  {
    en: ["morning", "dawn"],
    zh: ["早晨", "清晨", "早上"],
    tags: ["morning", "fresh"],
    time: "morning",
    light: "morning",
  },
  {
    // (an afternoon is a daylit hour: "warm afternoon sun" left "afternoon" unused)
    en: [
      "noon",
      "midday",
      "sunny",
      "summer sun",
      "daytime",
      "by day",
      "during the day",
      "afternoon",
    ],
    zh: ["正午", "中午", "晴天", "阳光明媚", "白天", "日间", "下午", "午后"],
    tags: ["sunny"],
    time: "noon",
    light: "noon",
  },
  {
    en: ["night", "midnight", "nighttime"],
    zh: ["夜晚", "夜", "深夜", "夜景"],
    tags: ["night", "dark"],
    time: "night",
    light: "night",
  },
  {
    en: ["neon", "cyberpunk", "synthwave", "club", "party"],
    zh: ["霓虹", "赛博朋克", "夜店", "派对"],
    tags: ["neon", "night", "cyberpunk"],
    time: "night",
    light: "neon",
  },
  // seasons and events
  {
    en: ["christmas", "xmas", "festive"],
    zh: ["圣诞", "圣诞节"],
    tags: ["christmas", "festive"],
    holiday: "christmas",
    season: "winter",
  },
  {
    en: ["lunar new year", "chinese new year", "spring festival", "new year"],
    zh: ["春节", "新年", "过年", "新春"],
    tags: ["lunar", "new year", "chinese"],
    holiday: "lunar-new-year",
  },
  {
    en: ["valentine", "valentines", "valentine's", "love"],
    zh: ["情人节", "七夕", "爱心", "浪漫"],
    tags: ["valentine", "romantic", "love"],
    holiday: "valentine",
  },
  {
    en: ["halloween"],
    zh: ["万圣节"],
    tags: ["halloween", "autumn"],
    holiday: "halloween",
    season: "autumn",
  },
  {
    en: ["autumn", "fall", "autumnal"],
    zh: ["秋", "秋天", "秋日", "秋季"],
    tags: ["autumn", "fall"],
    season: "autumn",
  },
  {
    en: ["winter", "frost", "frosty", "wintry"],
    zh: ["冬", "冬天", "冬日", "冬季", "霜"],
    tags: ["winter", "snow"],
    season: "winter",
  },
  {
    en: ["summer", "holiday", "vacation", "tropical"],
    zh: ["夏", "夏天", "夏日", "度假", "热带", "夏季"],
    tags: ["summer", "holiday"],
    season: "summer",
  },
  {
    en: ["spring", "springtime"],
    zh: ["春", "春天", "春日", "春季"],
    tags: ["spring", "fresh"],
    season: "spring",
  },
  // props and staging
  {
    en: ["podium", "pedestal", "cylinder", "display stand"],
    zh: ["展台", "圆台", "底座", "圆柱"],
    tags: ["podium"],
    layout: "podium",
  },
  {
    en: ["plinth", "block", "blocks", "cube", "cubes"],
    zh: ["基座", "方块", "方台", "立方体"],
    tags: ["plinth"],
    layout: "plinth",
    prop: "box",
  },
  {
    en: ["steps", "stairs", "staircase"],
    zh: ["台阶", "阶梯", "楼梯"],
    tags: ["steps", "stairs"],
    layout: "steps",
  },
  {
    en: ["arch", "arches", "archway", "alcove"],
    zh: ["拱门", "拱形", "壁龛"],
    tags: ["arch"],
    layout: "arch",
  },
  {
    en: ["sphere", "spheres", "ball", "balls", "bubbles", "ornament", "ornaments"],
    zh: ["球", "圆球", "球体", "泡泡"],
    tags: ["playful"],
    prop: "sphere",
  },
  {
    en: ["tray", "board", "slab", "cutting board"],
    zh: ["托盘", "板", "石板", "砧板"],
    tags: ["slab"],
    layout: "slab",
  },
  // on a room's floor, not on a table before the room ("sneakers on a wooden floor", "teddy bear
  // on the floor of a nursery" reported the floor unused and stood on a table)
  {
    en: ["floor", "floors", "floorboards", "parquet"],
    zh: ["地板", "地上"],
    tags: ["floor"],
    layout: "floor",
  },
  // (木地板 is one word: taken whole as the floor, its wood went unread)
  {
    en: ["wooden floor", "wood floor", "hardwood floor"],
    zh: ["木地板", "实木地板"],
    tags: ["oak", "wood", "floor"],
    layout: "floor",
    material: "wood",
  },
  // a shelf is a slab the product stands on, set against the room's wall
  {
    en: ["shelf", "shelves", "ledge", "floating shelf"],
    zh: ["架子", "置物架", "搁板", "层架"],
    tags: ["slab", "shelf"],
    layout: "slab",
  },
];
