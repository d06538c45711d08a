// What is left of a prompt once every understood phrase is consumed: the words the engine
// could not realise. Filler ("a", "on", "的", "产品", "拍一张") is not reported; anything else is,
// so the seller sees "not used: unicorn" instead of a silently missing unicorn.

const EN_FILLER = new Set(
  `a an the on in at with and or of for to by from into onto near next beside behind under over
  front inside against across along
  some my our your its it this that these those is are be being as like very really so too
  plus also just please make give show put place want need would could should can i we you
  product products photo photos photograph photography picture pictures shot shots image images
  background backdrop scene scenes setting style styled look looking feel vibe vibes mood
  theme themed nice beautiful pretty lovely gorgeous stunning amazing high quality
  professional pro realistic real photorealistic ecommerce listing hero main cover ad ads
  lighting light lit shadow shadows view angle camera composition background: item items
  surface set sets around all over lots lot few couple bit slightly more less little big
  small large one two three four several many full filled sitting standing lying placed
  arranged scattered surrounded warm tone tones toned color colors colour colours palette
  aesthetic vibe feeling atmosphere ambience ambiance environment shoot photoshoot
  bottle bottles perfume serum cream lotion skincare cosmetics makeup lipstick watch watches bag
  bags handbag purse wallet jewelry jewellery ring rings necklace earrings bracelet shoe shoes
  sneakers sneaker boots mug cup cups glass tumbler headphones earbuds phone case speaker
  lamp chair toy toys teddy bear banana car bike bicycle sunglasses hat dress shirt tshirt
  jacket hoodie sweater jeans socks scarf backpack tote box jar soap shampoo tea coffee wine
  beer drink drinks snack snacks chocolate bag's`.split(/\s+/),
);

// Chinese filler, longest first so "拍摄" goes before "拍"
const ZH_FILLER =
  `护肤品 化妆品 香水 口红 精华 精华液 面霜 乳液 瓶子 瓶 鞋子 运动鞋 鞋 包包 包 手表 首饰 项链 耳环
  戒指 手链 杯子 杯 耳机 手机壳 音箱 台灯 椅子 玩具 帽子 墨镜 衣服 裙子 外套 卫衣 毛衣 牛仔裤 袜子 围巾 背包
  盒子 罐子 香蕉 香皂 洗发水 茶叶 茶 酒 饮料 零食 巧克力 一张 一个 一些 几个 拍摄 拍一张 照片 图片 产品 商品 主图 背景 场景 风格 感觉 氛围
  效果 质感 画面 构图 摆放 放在 放 在 上面 上 里 中 旁边 周围 和 与 及 跟 的 地 得 了 着 有 用 带 加 些 很
  非常 一点 比较 要 想要 需要 请 帮我 做 拍 图 张 个 是 把 让 给 搭配 配 点缀 装饰 元素 感 系 调 色调
  光线 光 影 灯 打光 视角 角度 高清 高级感 电商 详情页 适合 营造 呈现 展示 整体 一起 还有 以及 或 或者
  然后 并且 同时 风 款 类 种 下 前 后 左 右 多 少 大 小`
    .split(/\s+/)
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);

const CJK = /[\u3400-\u9fff\uf900-\ufaff]+/g;

export function unusedWords(rest: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (w: string) => {
    if (!seen.has(w)) {
      seen.add(w);
      out.push(w);
    }
  };
  for (const run of rest.match(CJK) ?? []) {
    let left = run;
    for (const f of ZH_FILLER) left = left.split(f).join(" ");
    for (const piece of left.split(/\s+/)) if (piece.length >= 1) add(piece);
  }
  const latin = rest.replace(CJK, " ");
  for (const w of latin.split(/[^a-z0-9'&+#°]+/)) {
    if (w.length < 2 || /^\d+$/.test(w) || EN_FILLER.has(w)) continue;
    // plurals of filler ("lights" is a prop, but "photos" is not)
    if (w.endsWith("s") && EN_FILLER.has(w.slice(0, -1))) continue;
    if (w.endsWith("es") && EN_FILLER.has(w.slice(0, -2))) continue;
    add(w);
  }
  return out;
}
