// What the product is, when the seller says so ("my sofa in a living room", "口红 平铺"): its
// typical size and what it stands on. The planner builds the set at that scale: a car stands on
// the ground of a street or a showroom floor, never on a kitchen counter; a sofa stands on the
// floor of a room, never on a podium; a ring gets a macro set with props at its own scale.
// Nobody names the product in most prompts: then the set is a tabletop one, as before.
import type { MaterialKind } from "../render/set-plan.types.ts";
import type { LexEntry, Setting, Stands } from "./brief-words.ts";

// what a product word says lives with the vocabulary (brief-words.ts)
export type { ProductWord, Stands } from "./brief-words.ts";

/** the size the sets, props and textures were tuned at (a bottle, a shoe, a mug) */
export const REFERENCE_SIZE = 0.3;

const p = (en: string[], zh: string[], size: number, stands: Stands = "table"): LexEntry => ({
  en,
  zh,
  tags: [],
  product: { kind: en[0]!, size, stands },
});

/** a garment: its front view is shown laid flat on the set, from above (top-view.ts) */
const laid = (en: string[], zh: string[], size: number): LexEntry => {
  const e = p(en, zh, size);
  return { ...e, product: { ...e.product!, lies: true } };
};

/** a piece of furniture that is also a place: "on the sofa" is a living room, "a sofa" is the
 * product (parse-prompt tells them apart by the word before it) */
const inRoom = (
  en: string[],
  zh: string[],
  size: number,
  setting: Setting,
  tags: string[],
  /** what a thing put on it stands on: "on the bed" is on its bedding */
  material?: MaterialKind,
): LexEntry => ({
  ...p(en, zh, size, "floor"),
  setting,
  tags: [setting, ...tags],
  ...(material ? { material } : {}),
});

export const productWords: LexEntry[] = [
  // jewellery and small beauty: a few centimetres
  p(["ring", "rings", "wedding ring", "engagement ring"], ["戒指", "钻戒", "对戒"], 0.025),
  p(["earrings", "earring", "ear studs", "studs"], ["耳环", "耳钉", "耳坠"], 0.04),
  p(["necklace", "pendant", "chain necklace"], ["项链", "吊坠"], 0.12),
  p(["bracelet", "bangle", "anklet"], ["手链", "手镯", "手环"], 0.08),
  p(
    ["jewelry", "jewellery", "gemstone", "gemstones", "gem", "gems"],
    ["首饰", "珠宝", "饰品", "宝石"],
    0.06,
  ),
  p(["lipstick", "lip gloss", "lip balm"], ["口红", "唇膏", "唇釉"], 0.08),
  p(["nail polish"], ["指甲油"], 0.08),
  p(["watch", "watches", "wristwatch", "smartwatch"], ["手表", "腕表", "智能手表"], 0.05),
  p(["earbuds", "airpods"], ["蓝牙耳机", "无线耳机"], 0.06),
  // small: bottles, cups, shoes, phones
  p(["perfume", "fragrance", "cologne"], ["香水"], 0.12),
  p(
    ["serum", "essence", "face cream", "lotion", "moisturizer", "skincare", "cosmetics", "makeup"],
    ["精华", "精华液", "面霜", "乳液", "护肤品", "化妆品", "彩妆"],
    0.15,
  ),
  p(["bottle", "bottles", "jar", "tube"], ["瓶子", "瓶", "罐子", "罐"], 0.2),
  p(["mug", "cup", "cups", "glass", "tumbler"], ["杯子", "马克杯", "水杯", "玻璃杯"], 0.12),
  p(["phone", "smartphone", "phone case"], ["手机", "手机壳"], 0.16),
  p(["sunglasses", "glasses"], ["墨镜", "太阳镜", "眼镜"], 0.15),
  p(["wallet", "purse", "card holder"], ["钱包", "卡包"], 0.15),
  p(["soap", "scented candle", "candle jar"], ["香皂", "肥皂"], 0.1),
  // (包装盒 left 装盒 unused: 包 is a bag's word)
  p(
    // (not "box" or 盒子 alone: "with spheres and boxes" asks for shapes, not a product)
    ["product box", "product boxes", "packaging", "package box", "carton"],
    ["包装盒", "包装", "纸盒", "彩盒"],
    0.15,
  ),
  p(
    ["shoe", "shoes", "sneaker", "sneakers", "trainers", "heels", "sandals"],
    ["鞋子", "鞋", "运动鞋", "球鞋", "高跟鞋", "凉鞋"],
    0.3,
  ),
  p(["headphones", "headset"], ["耳机", "头戴式耳机"], 0.2),
  p(["speaker", "camera", "lens"], ["音箱", "音响", "相机", "镜头"], 0.2),
  p(
    ["toy", "toys", "toy car", "model car", "teddy", "teddy bear", "plush"],
    ["玩具", "毛绒玩具", "公仔", "玩偶", "玩具熊", "泰迪熊", "毛绒熊"],
    0.3,
  ),
  p(
    ["wine", "whisky", "whiskey", "beer", "drink"],
    ["红酒", "葡萄酒", "威士忌", "啤酒", "饮料", "酒"],
    0.3,
  ),
  p(["tea", "coffee bag", "snack", "snacks"], ["茶叶", "零食"], 0.15),
  // medium: still on a table or a shelf
  p(
    ["handbag", "bag", "bags", "tote", "tote bag", "clutch"],
    ["包包", "手提包", "包", "托特包", "手拿包"],
    0.35,
  ),
  p(["backpack", "rucksack"], ["背包", "双肩包"], 0.45),
  p(["boots"], ["靴子"], 0.4),
  // garments, their length (not "top" alone: "on top of", "tabletop"; not 大衣: 大衣柜)
  laid(
    ["t-shirt", "t-shirts", "tshirt", "tee", "shirt", "shirts", "blouse", "polo shirt", "tank top"],
    ["T恤", "t恤", "衬衫", "上衣", "背心", "吊带", "短袖", "长袖", "polo衫"],
    0.7,
  ),
  laid(
    ["sweater", "jumper", "hoodie", "sweatshirt", "cardigan", "jacket", "blazer", "coat"],
    ["毛衣", "卫衣", "开衫", "夹克", "外套", "西装"],
    0.75,
  ),
  laid(["dress", "sundress", "gown"], ["连衣裙", "裙子", "长裙"], 1),
  laid(["skirt"], ["半身裙", "短裙"], 0.6),
  laid(["jeans", "trousers", "pants", "leggings"], ["牛仔裤", "裤子", "长裤"], 1),
  laid(["shorts"], ["短裤"], 0.5),
  p(["hat", "cap", "helmet"], ["帽子", "头盔"], 0.3),
  p(["vase", "plant pot", "houseplant"], ["花瓶", "盆栽"], 0.35),
  p(["lamp", "table lamp", "desk lamp"], ["台灯"], 0.5),
  p(
    ["kettle", "toaster", "blender", "coffee machine", "air fryer"],
    ["水壶", "烤面包机", "搅拌机", "咖啡机", "空气炸锅"],
    0.35,
  ),
  p(
    ["laptop", "monitor", "keyboard", "tablet"],
    ["笔记本电脑", "电脑", "显示器", "键盘", "平板"],
    0.45,
  ),
  // floor-standing: furniture, bicycles, luggage
  p(
    ["chair", "armchair", "stool", "office chair"],
    ["椅子", "扶手椅", "凳子", "办公椅"],
    0.9,
    "floor",
  ),
  // (on a sofa is on its upholstery: the teddy "on a sofa" stood on a walnut table)
  inRoom(["sofa", "couch", "loveseat"], ["沙发"], 2, "living-room", ["home", "cozy"], "linen"),
  // (on a coffee table is on a living room's table: "a book on a coffee table" reported it unused)
  inRoom(
    ["dining table", "coffee table", "side table"],
    ["餐桌", "茶几", "边桌"],
    1.2,
    "living-room",
    ["table", "home"],
  ),
  inRoom(["desk", "work desk"], ["书桌", "办公桌"], 1.2, "office", ["table", "wood"]),
  inRoom(["bed", "mattress"], ["床", "床垫"], 2, "bedroom", ["home", "linen", "cozy"], "linen"),
  p(
    ["cabinet", "dresser", "bookshelf", "bookcase", "wardrobe", "sideboard"],
    ["柜子", "斗柜", "书架", "书柜", "衣柜", "边柜"],
    1.5,
    "floor",
  ),
  p(["floor lamp", "standing lamp"], ["落地灯"], 1.6, "floor"),
  p(
    ["bicycle", "bike", "city bike", "e bike", "ebike", "road bike", "mountain bike"],
    ["自行车", "单车", "电动自行车", "电单车"],
    1.7,
    "floor",
  ),
  p(["scooter", "kick scooter", "stroller", "pram"], ["滑板车", "婴儿车", "推车"], 1, "floor"),
  p(["suitcase", "luggage", "trolley case"], ["行李箱", "拉杆箱", "旅行箱"], 0.7, "floor"),
  p(["guitar", "floor mirror", "standing mirror"], ["吉他", "落地镜", "穿衣镜"], 1.1, "floor"),
  p(
    ["treadmill", "exercise bike", "rowing machine"],
    ["跑步机", "动感单车", "划船机"],
    1.8,
    "floor",
  ),
  // vehicles: on the ground, outdoors or in a hall
  p(
    ["car", "cars", "suv", "sedan", "sports car", "truck", "pickup", "van"],
    ["汽车", "轿车", "跑车", "越野车", "卡车", "皮卡", "车"],
    4.5,
    "ground",
  ),
  p(
    ["motorcycle", "motorbike", "moped", "electric scooter"],
    ["摩托车", "机车", "电动车", "电瓶车"],
    2,
    "ground",
  ),
  p(["boat", "kayak", "canoe"], ["船", "皮划艇", "独木舟"], 3.5, "ground"),
];
