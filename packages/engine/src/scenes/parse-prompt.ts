// Reads a seller's prompt (English, Chinese or both mixed) into an intent. Longest phrases
// match first and consume their text, so "golden hour" is not also "gold" and "金属" (metal)
// is not also "金" (gold).
import type { Gobo, MaterialKind } from "../render/set-plan.types.ts";
import type { RGB } from "../types.ts";
import { type LexEntry, lexicon } from "./lexicon.ts";
import type { LayoutKind } from "./template.types.ts";

export interface Intent {
  tags: string[];
  materials: MaterialKind[];
  colors: RGB[];
  layouts: LayoutKind[];
  gobo?: Gobo;
  time?: LexEntry["time"];
  mood?: LexEntry["mood"];
  props: ("sphere" | "box")[];
  /** phrases that matched, for debugging and tests */
  matched: string[];
}

interface Key {
  text: string;
  zh: boolean;
  entry: LexEntry;
}

const keys: Key[] = lexicon
  .flatMap((entry) => [
    ...entry.en.map((text) => ({ text, zh: false, entry })),
    ...entry.zh.map((text) => ({ text, zh: true, entry })),
  ])
  .sort((a, b) => b.text.length - a.text.length || a.text.localeCompare(b.text));

export const MAX_PROMPT_LENGTH = 2000;

export function parsePrompt(prompt: string | undefined): Intent {
  const intent: Intent = {
    tags: [],
    materials: [],
    colors: [],
    layouts: [],
    props: [],
    matched: [],
  };
  if (prompt === undefined) return intent;
  if (typeof prompt !== "string") throw new TypeError("prompt must be a string");
  if (prompt.length > MAX_PROMPT_LENGTH)
    throw new RangeError(`prompt is longer than ${MAX_PROMPT_LENGTH} characters`);
  // lower-case, unify quotes and separators so "Golden-Hour" matches "golden hour"
  let text = ` ${prompt
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[-_/,.;:!?()[\]"'’]+/g, " ")} `;
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
  for (const { entry, text: t } of hits) {
    intent.matched.push(t);
    for (const tag of entry.tags) if (!intent.tags.includes(tag)) intent.tags.push(tag);
    if (entry.material && !intent.materials.includes(entry.material))
      intent.materials.push(entry.material);
    if (entry.color) intent.colors.push(entry.color);
    if (entry.layout && !intent.layouts.includes(entry.layout)) intent.layouts.push(entry.layout);
    if (entry.prop && !intent.props.includes(entry.prop)) intent.props.push(entry.prop);
    intent.gobo ??= entry.gobo;
    intent.time ??= entry.time;
    intent.mood ??= entry.mood;
  }
  return intent;
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
