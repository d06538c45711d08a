// The app's interface and the marketing pages (home, landing pages, blog) in all fifteen
// languages of the spec: every key of English present in each, in the plural forms the
// language needs (Intl.PluralRules: Russian and Polish have few/many, Japanese and Korean only
// other), nothing extra, nothing empty, the same placeholders; and every namespace in the
// language's chunks. Only the admin console (for the team) is English and Chinese alone.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { flatten } from "../test/translation-tree.ts";
import { TranslatedNamespaces } from "./languages.ts";
import { MarketingLanguages } from "./url-language.ts";

const load = (lng: string, ns: string): Record<string, string> =>
  flatten(
    JSON.parse(readFileSync(path.join(import.meta.dirname, "locales", lng, `${ns}.json`), "utf8")),
  );
const placeholders = (s: string) =>
  [...s.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

/** The keys a language needs for English's keys: a plural family takes that language's forms. */
function expectedKeys(english: Record<string, string>, lng: string): string[] {
  const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of Object.keys(english)) {
    const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
    if (plural) for (const f of forms) keys.add(`${plural[1]}_${f}`);
    else keys.add(key);
  }
  return [...keys].sort();
}

describe("fifteen languages", () => {
  it("has a folder for each published language", () => {
    const folders = readdirSync(path.join(import.meta.dirname, "locales"));
    for (const lng of MarketingLanguages) expect(folders).toContain(lng);
    expect(MarketingLanguages).toHaveLength(15);
  });

  for (const lng of MarketingLanguages.filter((l) => l !== "en-US")) {
    it.each([...TranslatedNamespaces])(`${lng}: %s is complete`, (ns) => {
      const english = load("en-US", ns);
      const strings = load(lng, ns);
      const needed = expectedKeys(english, lng);
      expect(needed.filter((k) => !(k in strings))).toEqual([]);
      // nothing else, but a plural form beyond the language's own is harmless (zh-CN keeps
      // English's _one to mirror its keys)
      const families = new Set(
        Object.keys(english).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")),
      );
      const extra = Object.keys(strings).filter(
        (k) =>
          !needed.includes(k) && !families.has(k.replace(/_(zero|one|two|few|many|other)$/, "")),
      );
      expect(extra).toEqual([]);
      for (const [key, value] of Object.entries(strings)) {
        expect(value.trim(), `${lng} ${ns}:${key}`).not.toBe("");
        const base =
          english[key] ?? english[key.replace(/_(zero|one|two|few|many)$/, "_other")] ?? "";
        expect(placeholders(value), `${lng} ${ns}:${key} placeholders`).toEqual(placeholders(base));
      }
    });
  }

  it.each(MarketingLanguages.filter((l) => l !== "en-US" && l !== "zh-CN"))(
    "%s: every translated namespace is in the language's chunks",
    async (lng) => {
      const bundle = (await import(`./locales/${lng}/index.ts`)).default as Record<string, unknown>;
      expect(Object.keys(bundle).sort()).toEqual([...TranslatedNamespaces].sort());
    },
  );
});
