// Reads a seller's prompt (English, Chinese or both mixed) into an intent. Longest phrases
// match first and consume their text, so "golden hour" is not also "gold" and "金属" (metal)
// is not also "金" (gold).
import type { Gobo, LightPlan, MaterialKind } from "../render/set-plan.types.ts";
import type { RGB } from "../types.ts";
import type { CameraView, Holiday, LightWord, PropWord, Season, Setting } from "./brief-words.ts";
import { type LexEntry, lexicon } from "./lexicon.ts";
import type { ProductWord } from "./product-words.ts";
import { seenProduct } from "./seen-products.ts";
import type { LayoutKind } from "./template.types.ts";
import { unusedWords } from "./unused-words.ts";

export interface Intent {
  tags: string[];
  materials: MaterialKind[];
  colors: RGB[];
  layouts: LayoutKind[];
  gobo?: Gobo;
  time?: LexEntry["time"];
  mood?: LexEntry["mood"];
  /** abstract shapes asked for: spheres, blocks */
  shapes: ("sphere" | "box")[];
  /** the first camera view named wins */
  camera?: CameraView;
  setting?: Setting;
  /** every place named, in reading order ("a snowy forest": snow, forest) */
  settings: Setting[];
  /** snow on the ground and on the scenery */
  snow: boolean;
  lights: LightWord[];
  season?: Season;
  holiday?: Holiday;
  /** props named, in reading order */
  things: PropWord[];
  /** the product, when the prompt names it (the first one named that is not a place) */
  product?: ProductWord;
  /** phrases that matched, for debugging and tests */
  matched: string[];
  /** words of the prompt the engine did not understand, so the app can say so */
  unused: string[];
  /** from reference images (scenes/references.ts): a scene to rebuild behind the product */
  plate?: { image: { width: number; height: number; rgb: Uint8Array }; floor: RGB };
  /** from reference images: light that overrides the template's */
  lightLook?: Partial<LightPlan>;
  /** from reference images: exposure multiplier */
  exposure?: number;
}

interface Key {
  text: string;
  zh: boolean;
  entry: LexEntry;
}

/** lower-case, unify quotes and separators so "Golden-Hour" matches "golden hour" */
const normalize = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[-_/,.;:!?()[\]"'’，。、；：！？（）“”]+/g, " ");

const keys: Key[] = lexicon
  .flatMap((entry) => [
    ...entry.en.map((text) => ({ text: normalize(text).trim(), zh: false, entry })),
    ...entry.zh.map((text) => ({ text: normalize(text).trim(), zh: true, entry })),
  ])
  .sort((a, b) => b.text.length - a.text.length || a.text.localeCompare(b.text));

export const MAX_PROMPT_LENGTH = 2000;

export function parsePrompt(prompt: string | undefined): Intent {
  const intent: Intent = {
    tags: [],
    materials: [],
    colors: [],
    layouts: [],
    shapes: [],
    settings: [],
    snow: false,
    lights: [],
    things: [],
    matched: [],
    unused: [],
  };
  if (prompt === undefined) return intent;
  if (typeof prompt !== "string") throw new TypeError("prompt must be a string");
  if (prompt.length > MAX_PROMPT_LENGTH)
    throw new RangeError(`prompt is longer than ${MAX_PROMPT_LENGTH} characters`);
  const original = ` ${normalize(prompt)} `;
  const subject = subjectEnd(original);
  let text = original;
  const hits: { at: number; entry: LexEntry; text: string }[] = [];
  for (const k of keys) {
    for (;;) {
      const at = k.zh ? text.indexOf(k.text) : findWord(text, k.text);
      if (at < 0) break;
      hits.push({ at, entry: k.entry, text: k.text });
      text = text.slice(0, at) + " ".repeat(k.text.length) + text.slice(at + k.text.length);
    }
  }
  // in reading order, so the first colour or material named wins ties
  hits.sort((a, b) => a.at - b.at);
  let placeEnd = -1;
  // "a desk lamp on a wooden desk in a bright living room": the place the set is in, not the
  // furniture it stands on (the desk made it an office: a workshop's tool wall behind the lamp)
  const inside: Setting[] = [];
  const beside: string[] = [];
  for (const { at, entry, text: t } of hits) {
    intent.matched.push(t);
    // "office desk", "kitchen table": furniture right after a place's name is that place's
    const afterPlace = placeEnd >= 0 && original.slice(placeEnd, at).trim() === "";
    const before = original.slice(0, at);
    const after = original.slice(at + t.length);
    const place = isPlace(before);
    if (entry.product && !intent.product && !afterPlace && !place) intent.product = entry.product;
    // a thing for sale named beside the product ("a novel next to a lamp", "on a chair") is
    // nothing the set can add: reported, not silently dropped
    else if (entry.product && !entry.setting && !entry.material && isBeside(before)) beside.push(t);
    placeEnd = entry.setting ? at + t.length : -1;
    // (of a prop's word, the word before it is its own, not the brief's: "christmas gifts under
    // fairy lights" are gifts to dress the set with)
    const ownWord = text.slice(0, at) === before;
    if (entry.things && ownWord && isSubject(before, after)) {
      // "book on a café table": the seller's book, not books to put beside it
      const seen = seenProduct(t) ?? seenProduct(entry.en[0]!);
      if (seen && !intent.product) intent.product = seen;
      continue;
    }
    // the words before the product's own describe it, not the set: "white sneakers", "organic
    // bananas" (a botanical flat lay on plaster), "marble vase"; a mood stays ("luxury perfume")
    if (at + t.length <= subject && describesProduct(entry)) continue;
    for (const tag of entry.tags) if (!intent.tags.includes(tag)) intent.tags.push(tag);
    // a piece of furniture's material is what stands on it ("on the bed": its bedding), not
    // the furniture for sale's; a material that opens the prompt is the product's ("stone on
    // the beach": the seller's stone, not a stone floor on the beach)
    const surface = entry.product ? place : !isSubject(before, after);
    if (entry.material && surface && !intent.materials.includes(entry.material))
      intent.materials.push(entry.material);
    if (entry.color) intent.colors.push(entry.color);
    if (entry.layout && !intent.layouts.includes(entry.layout)) intent.layouts.push(entry.layout);
    if (entry.prop && !intent.shapes.includes(entry.prop)) intent.shapes.push(entry.prop);
    for (const t of entry.things ?? []) if (!intent.things.includes(t)) intent.things.push(t);
    if (entry.light && !intent.lights.includes(entry.light)) intent.lights.push(entry.light);
    intent.camera ??= entry.camera;
    if (entry.setting && !intent.settings.includes(entry.setting))
      intent.settings.push(entry.setting);
    if (entry.setting && isInside(before, after)) inside.push(entry.setting);
    intent.season ??= entry.season;
    intent.holiday ??= entry.holiday;
    intent.gobo ??= entry.gobo;
    intent.time ??= entry.time;
    intent.mood ??= entry.mood;
  }
  intent.settings = [...inside, ...intent.settings.filter((x) => !inside.includes(x))];
  // snow is a ground cover as well as a place: "a snowy forest" is a forest under snow
  intent.snow = intent.settings.includes("snow");
  intent.setting = intent.settings.find((x) => x !== "snow") ?? intent.settings[0];
  if (intent.setting === "snow" && intent.snow) intent.setting = "snow";
  // the opening words about the product are the seller's, not the set's: "polished stone on
  // black slate" reported "polished" as a word the set could not realise
  const left = unusedWords(" ".repeat(subject) + text.slice(subject));
  intent.unused = [...left, ...beside.filter((w) => !left.includes(w))];
  return intent;
}

/** a colour, a material or a bare style word (no place, light, hour, mood or prop) */
const describesProduct = (e: LexEntry) =>
  !!e.color ||
  (!!e.material && !e.setting && !e.product) ||
  Object.keys(e).every((k) => k === "en" || k === "zh" || k === "tags");

/** what says where, after the words that name what is photographed */
const WHERE = "on|onto|in|inside|at|against|beside|by|near|under|over|next to|atop";
const ZH_WHERE = "放在|摆在|在|于";
const OPENING = new RegExp(`^ *((?:(?!(?:${WHERE}|with|and)\\b)[a-z0-9]+ +){1,4})(?:${WHERE})\\b`);
const OPENING_ZH = new RegExp(`^ *([^ a-z0-9]{1,10}?)(${ZH_WHERE})`);
/** what a subject is followed by: where it is, or what is with it */
const AFTER_SUBJECT = new RegExp(`^ *(${WHERE}|with)\\b`);
const AFTER_SUBJECT_ZH = new RegExp(`^ *(${ZH_WHERE})`);

/**
 * Where the opening words naming what is photographed end, 0 when the prompt opens with the
 * place: "white sneakers on a wooden floor", "polished stone on a bathroom counter", "石头放在苔藓
 * 上". Up to four words before the first that says where (normalized text).
 */
export function subjectEnd(normalized: string): number {
  const en = OPENING.exec(normalized);
  if (en) return en[0].length - en[0].trimStart().length + en[1]!.length;
  const zh = OPENING_ZH.exec(normalized);
  return zh ? zh[0].length - zh[2]!.length : 0;
}

/** the brief without its opening words about the product: what it says of the set ("polished
 * stone on a bathroom counter" named the polished onyx four times) */
export function setWords(prompt: string): string {
  const n = ` ${normalize(prompt)} `;
  return n.slice(subjectEnd(n));
}

/**
 * "a book on a café table", "candle in a cosy room", "书放在咖啡桌上": a prop's word that opens
 * the prompt, before where it stands, names what is photographed, not a prop to add; so does
 * one after a word of its own ("hardcover book", "river stone": that stone is the seller's), and
 * one with something beside it ("book with a cup of coffee": the book is the seller's)
 */
function isSubject(before: string, after: string): boolean {
  return (
    /^ *((a|an|the|my|our|this|these|some) )?((?!(on|in|at|by|with|and|near|under)\b)[a-z]+ )?$/.test(
      before,
    ) &&
    (AFTER_SUBJECT.test(after) || AFTER_SUBJECT_ZH.test(after))
  );
}

/** "in a bright living room", "客厅里": the place named is the one the set is in */
function isInside(before: string, after: string): boolean {
  return (
    /\b(in|inside|within)( (a|an|the|my|our|this|that))?( [a-z]+){0,2} *$/.test(before) ||
    /^ *(里|中|内)/.test(after)
  );
}

/** "next to a lamp", "with a vase", "on a chair": what the words before a thing put it beside */
function isBeside(before: string): boolean {
  return /\b(on|onto|beside|by|near|next to|with|against|under|behind)( (a|an|the|my|our|some|this|that))? *$/.test(
    before,
  );
}

/** "on the sofa", "on a kid's bed" (its quote is a space by now), "在沙发上": the furniture
 * named after a preposition is where, not what */
function isPlace(before: string): boolean {
  return (
    /\b(on|onto|in|into|at|against|beside|by|near|under|behind|next to|over)( (a|an|the|my|our|some|this|that))?( [a-z]+( s)?)? *$/.test(
      before,
    ) || /(在|放在|摆在|靠在|于|躺在|坐在)[^ ]{0,4} *$/.test(before)
  );
}

function findWord(text: string, word: string): number {
  let from = 0;
  for (;;) {
    const at = text.indexOf(word, from);
    if (at < 0) return -1;
    const before = text.charCodeAt(at - 1);
    const after = text.charCodeAt(at + word.length);
    if (!isLetter(before) && !isLetter(after)) return at;
    from = at + 1;
  }
}

function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}
