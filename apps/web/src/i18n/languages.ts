// The fifteen languages (decision 0907), the app's interface and the marketing pages alike;
// anything else the browser asks for falls back to English.
/** Beyond English and Chinese. */
export const ExtraLanguages = [
  "es",
  "fr",
  "de",
  "ja",
  "pt",
  "it",
  "ru",
  "ko",
  "tr",
  "nl",
  "sv",
  "pl",
  "da",
] as const;
export type ExtraLanguage = (typeof ExtraLanguages)[number];
export const Languages = ["en-US", "zh-CN", ...ExtraLanguages] as const;
export type Language = (typeof Languages)[number];
export const DefaultLanguage: Language = "en-US";

export const Namespaces = [
  "common",
  "nav",
  "auth",
  "coins",
  "notifications",
  "modals",
  "pricing",
  "billing",
  "feedback",
  "home",
  "landing",
  "apps",
  "blog",
  "checkout",
  "product-app",
  "clothing-app",
  "video-app",
  "admin",
  "account",
  "photo-credits",
] as const;
export type Namespace = (typeof Namespaces)[number];

/**
 * Namespaces in every language. The admin console is for the team, in English and Chinese
 * only; other languages show it in English (decision 0907). So is the list of the photographic
 * material's sources (/photo-credits), mostly file names and publishers.
 */
export const TranslatedNamespaces = Namespaces.filter(
  (ns) => ns !== "admin" && ns !== "photo-credits",
);

/** Loaded before the first render: what the top bar and the home page show. */
export const CoreNamespaces = ["common", "nav", "coins", "notifications", "home"] as const;

/** Maps whatever the browser reports ('zh-TW', 'en-GB', 'pt-BR', 'fr') onto a supported language. */
export function toSupported(lng: string | undefined | null): Language {
  const l = (lng ?? "").toLowerCase();
  if (l.startsWith("zh")) return "zh-CN";
  const base = l.split(/[-_]/)[0] ?? "";
  return (ExtraLanguages as readonly string[]).includes(base) ? (base as ExtraLanguage) : "en-US";
}
