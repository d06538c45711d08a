// Marketing pages carry their language in the URL (/zh/blog, /es/create/…) so that each
// language can be indexed; English has no prefix. The app's own pages (/app, /form, …) keep
// the detected language and no prefix.
import { type ExtraLanguage, ExtraLanguages, type Language, Languages } from "./languages.ts";

export { type ExtraLanguage, ExtraLanguages };

/** The languages the marketing pages are published in: all of the spec's fifteen. */
export const MarketingLanguages = Languages;
export type MarketingLanguage = Language;

/** URL prefixes: English has none, Chinese is /zh, the others their own code. */
const Prefixes = Object.fromEntries(
  MarketingLanguages.map((l) => [l, l === "en-US" ? "" : l === "zh-CN" ? "zh" : l]),
) as Record<MarketingLanguage, string>;

/** The namespaces that exist in every marketing language. */
export const MarketingNamespaces = ["home", "landing", "blog"] as const;

export function urlPrefix(lng: MarketingLanguage): string {
  return Prefixes[lng];
}

export function languageOfPrefix(prefix: string): MarketingLanguage | undefined {
  return MarketingLanguages.find((l) => Prefixes[l] === prefix && prefix !== "");
}

/** "/zh/blog/x" → { lng: "zh-CN", rest: "/blog/x" }; "/blog" → { lng: "en-US", rest: "/blog" }. */
export function splitLanguage(pathname: string): { lng: MarketingLanguage; rest: string } {
  const m = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  const lng = m ? languageOfPrefix(m[1] ?? "") : undefined;
  if (m && lng) return { lng, rest: m[2] && m[2] !== "/" ? m[2] : "/" };
  return { lng: "en-US", rest: pathname || "/" };
}

/** The address of a marketing page in a language: ("zh-CN", "/blog") → "/zh/blog". */
export function localePath(lng: MarketingLanguage, rest: string): string {
  const prefix = Prefixes[lng];
  if (!prefix) return rest;
  return rest === "/" ? `/${prefix}` : `/${prefix}${rest}`;
}

/** Pages whose language comes from the URL: home, blog, landing pages. */
export function isMarketingPath(rest: string): boolean {
  return rest === "/" || rest === "/blog" || /^\/(blog|create|blog\/tags)\/[\w-]+\/?$/.test(rest);
}

export function isMarketingLanguage(lng: string | undefined | null): lng is MarketingLanguage {
  return (MarketingLanguages as readonly string[]).includes(lng ?? "");
}
