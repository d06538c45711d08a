// The two complete languages (spec section 9); anything else the browser asks for falls back.
export const Languages = ["en-US", "zh-CN"] as const;
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
] as const;
export type Namespace = (typeof Namespaces)[number];

/** Loaded before the first render: what the top bar and the home page show. */
export const CoreNamespaces = ["common", "nav", "coins", "notifications", "home"] as const;

/** Maps whatever the browser reports ('zh', 'zh-TW', 'en-GB', 'fr') onto a supported language. */
export function toSupported(lng: string | undefined | null): Language {
  const l = (lng ?? "").toLowerCase();
  if (l.startsWith("zh")) return "zh-CN";
  return "en-US";
}
