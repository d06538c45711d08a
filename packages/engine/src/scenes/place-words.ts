// The places sellers name, in English and Chinese, and the setting each one builds: a kitchen,
// a beach, a city street. Where the asset pack photographs the place, the setting is built from
// its plates (photo-sets/photo-set-table.ts); else it is drawn. A place the pack cannot serve and
// the renderer cannot draw is missing here, so the plan reports it as unused.
import type { LexEntry, Setting } from "./brief-vocabulary.types.ts";

const place = (en: string[], zh: string[], setting: Setting, tags: string[] = []): LexEntry => ({
  en,
  zh,
  setting,
  tags: [setting, ...tags],
});

export const placeWords: LexEntry[] = [
  place(
    // (a nook, a cabin, a den: a lived-in room is what the pack's living rooms and lofts show)
    [
      "living room",
      "lounge",
      "home interior",
      "interior",
      "reading nook",
      "reading corner",
      "cozy corner",
      "sitting room",
      "family room",
      "den",
      "apartment",
      "loft",
      "cabin",
      "lodge",
      // (any other room: "a bright room"; a bedroom or a bathroom is one word of its own)
      "room",
    ],
    ["客厅", "居家", "室内", "阅读角", "起居室", "公寓", "木屋", "小屋"],
    "living-room",
    ["home", "cozy"],
  ),
  place(
    // (a hotel room and a child's room are bedrooms: the pack's bedrooms are a hotel's and a home's)
    [
      "bedroom",
      "bedside",
      "nightstand",
      // (not "hotel" alone: a hotel's spa is a bathroom, its lobby no room the pack has)
      "hotel room",
      "guest room",
      "kids room",
      "kid's room",
      "kids' room",
      "children's room",
      "nursery",
    ],
    ["卧室", "床头", "床头柜", "酒店房间", "客房", "儿童房", "婴儿房"],
    "bedroom",
    ["home", "linen", "cozy"],
  ),
  place(
    // (the pack's cafe set is a patio, a restaurant's table and a bar; not "bar" alone, which
    // is a chocolate bar, nor "dining table", which is furniture for sale: product-words.ts)
    [
      "cafe",
      "café",
      "coffee shop",
      "coffeeshop",
      "bistro",
      "restaurant",
      "dining room",
      "dinner table",
      "wine bar",
      "cocktail bar",
      "bar counter",
      "pub",
    ],
    // ("餐桌上", on the dining table, is where: "餐桌" alone is the table for sale)
    ["咖啡馆", "咖啡店", "咖啡厅", "餐厅", "饭店", "酒吧", "西餐厅", "餐桌上"],
    "cafe",
    ["table", "wood", "cozy"],
  ),
  place(["office", "workspace", "home office", "study"], ["办公室", "工位", "书房"], "office", [
    "table",
    "wood",
  ]),
  place(
    [
      "garden",
      "backyard",
      "park",
      "lawn",
      "grass",
      "outdoors",
      "outside",
      "nature",
      "picnic",
      // (not "terrace": a terrace overlooking the sea is the sea's)
      "patio",
      "veranda",
    ],
    ["花园", "庭院", "草地", "公园", "户外", "草坪", "院子", "野餐", "露台"],
    "garden",
    ["botanical", "outdoor", "fresh"],
  ),
  place(
    ["forest", "woods", "woodland", "jungle", "trees", "pine forest", "moss", "mossy"],
    ["森林", "树林", "丛林", "林间", "松林", "苔藓"],
    "forest",
    ["outdoor", "natural"],
  ),
  place(
    ["snow", "snowy", "snowfield", "ski", "snowing", "snowfall"],
    ["雪地", "雪景", "下雪", "雪", "白雪", "积雪"],
    "snow",
    ["winter", "outdoor"],
  ),
  place(
    // (a skyline and London are what the pack's city plates show: the dusk waterfront and
    // Tower Bridge; "in front of Tower Bridge in London" was four sets with no city in them)
    [
      "city street",
      "city",
      "street",
      "downtown",
      "sidewalk",
      "streets",
      "urban street",
      "skyline",
      "cityscape",
      "london",
      "tower bridge",
      // (a rooftop's view is the skyline; New York's are two of the pack's city plates)
      "rooftop",
      "new york",
      "nyc",
      "manhattan",
      "times square",
      // (a car "in front of a modern building at night" was a black studio: a city's buildings
      // are what the pack's street and skyline plates show)
      "building",
      "buildings",
      "modern building",
      "office building",
      "skyscraper",
      "skyscrapers",
      "architecture",
    ],
    [
      "城市",
      "街道",
      "街头",
      "街景",
      "都市",
      "马路",
      "天际线",
      "伦敦",
      "塔桥",
      "天台",
      "屋顶",
      "纽约",
      "建筑",
      "大楼",
      "高楼",
      "摩天楼",
    ],
    "city-street",
    ["urban", "outdoor"],
  ),
  place(["pool", "poolside", "swimming pool"], ["泳池", "游泳池", "池边", "泳池边"], "pool", [
    "water",
    "summer",
    "outdoor",
  ]),
  place(
    [
      "mountain",
      "mountains",
      "hills",
      "alpine",
      "cliff",
      "hiking",
      "camping",
      "campsite",
      "campground",
      "summit",
      "mountaintop",
      "mountain top",
    ],
    ["山", "山顶", "山间", "高山", "山景", "露营", "爬山", "山峰", "峰顶", "营地"],
    "mountain",
    ["outdoor", "adventure"],
  ),
  place(
    [
      "meadow",
      "field",
      "wildflowers",
      "flower field",
      "countryside",
      "vineyard",
      "wine country",
      "tuscany",
      "farmland",
    ],
    ["田野", "草原", "花海", "乡村", "麦田", "葡萄园", "托斯卡纳", "农场"],
    "field",
    ["outdoor", "natural", "fresh"],
  ),
  place(
    // (not "dock" alone: a charging dock is a product)
    // (a river's bank is a lake's shore to the pack, whose one river is under snow)
    [
      "lake",
      "lakeside",
      "lakeshore",
      "pier",
      "jetty",
      "wooden dock",
      "boat dock",
      "pond",
      "river",
      "riverside",
      "riverbank",
      "stream",
      "creek",
      "waterside",
    ],
    ["湖", "湖边", "湖畔", "湖泊", "码头", "栈桥", "池塘", "河边", "河畔", "溪边", "小溪", "水边"],
    "lake",
    ["water", "outdoor", "natural"],
  ),
];
