// i18next set-up: one JSON file per feature namespace and language, fifteen languages.
import i18next, { type BackendModule, type i18n as I18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { browserLanguageDetector } from "./detect-language.ts";
import {
  CoreNamespaces,
  DefaultLanguage,
  ExtraLanguages,
  type Language,
  Namespaces,
  toSupported,
} from "./languages.ts";
import {
  isMarketingLanguage,
  type MarketingLanguage,
  MarketingLanguages,
  MarketingNamespaces,
} from "./url-language.ts";

type Bundle = Record<string, Record<string, unknown>>;
type Loader = () => Promise<{ default: Bundle }>;
// Per language, two chunks: `core` before the first render (the top bar, and in the
// languages other than English and Chinese also the marketing pages' landing and blog
// namespaces), `more` on first use.
const loaders: Record<Language, { core: Loader; more: Loader }> = {
  "en-US": {
    core: () => import("./locales/en-US/core.ts"),
    more: () => import("./locales/en-US/more.ts"),
  },
  "zh-CN": {
    core: () => import("./locales/zh-CN/core.ts"),
    more: () => import("./locales/zh-CN/more.ts"),
  },
  es: { core: () => import("./locales/es/core.ts"), more: () => import("./locales/es/more.ts") },
  fr: { core: () => import("./locales/fr/core.ts"), more: () => import("./locales/fr/more.ts") },
  de: { core: () => import("./locales/de/core.ts"), more: () => import("./locales/de/more.ts") },
  ja: { core: () => import("./locales/ja/core.ts"), more: () => import("./locales/ja/more.ts") },
  pt: { core: () => import("./locales/pt/core.ts"), more: () => import("./locales/pt/more.ts") },
  it: { core: () => import("./locales/it/core.ts"), more: () => import("./locales/it/more.ts") },
  ru: { core: () => import("./locales/ru/core.ts"), more: () => import("./locales/ru/more.ts") },
  ko: { core: () => import("./locales/ko/core.ts"), more: () => import("./locales/ko/more.ts") },
  tr: { core: () => import("./locales/tr/core.ts"), more: () => import("./locales/tr/more.ts") },
  nl: { core: () => import("./locales/nl/core.ts"), more: () => import("./locales/nl/more.ts") },
  sv: { core: () => import("./locales/sv/core.ts"), more: () => import("./locales/sv/more.ts") },
  pl: { core: () => import("./locales/pl/core.ts"), more: () => import("./locales/pl/more.ts") },
  da: { core: () => import("./locales/da/core.ts"), more: () => import("./locales/da/more.ts") },
};
const isCore = (lng: Language, ns: string) =>
  (CoreNamespaces as readonly string[]).includes(ns) ||
  ((ExtraLanguages as readonly string[]).includes(lng) &&
    (MarketingNamespaces as readonly string[]).includes(ns));

const lazyBackend: BackendModule = {
  type: "backend",
  init() {},
  read(lng, ns, callback) {
    const language = toSupported(lng);
    const pair = loaders[language];
    (isCore(language, ns) ? pair.core : pair.more)()
      .then((m) => callback(null, m.default[ns] ?? {}))
      .catch((err: Error) => callback(err, null));
  },
};

const baseOptions = {
  fallbackLng: DefaultLanguage,
  supportedLngs: [...MarketingLanguages],
  defaultNS: "common",
  load: "currentOnly" as const,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
};

/**
 * Browser start: detect the language (detect-language.ts), load it, then render. A marketing
 * page passes its URL's language, which wins over detection.
 */
export async function initI18n(lng?: MarketingLanguage): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(lazyBackend).use(browserLanguageDetector).use(initReactI18next);
  await instance.init({
    ...baseOptions,
    ...(lng ? { lng } : {}),
    ns: [...CoreNamespaces],
    // a component whose namespace is not loaded yet suspends (pages and modals sit in
    // Suspense boundaries) instead of flashing raw keys
    react: { useSuspense: true },
    // the modal and page strings follow as soon as the browser is idle
    partialBundledLanguages: true,
  });
  syncDocumentLanguage(instance);
  const prefetch = () => void instance.loadNamespaces([...Namespaces]);
  if ("requestIdleCallback" in window) window.requestIdleCallback(prefetch);
  else setTimeout(prefetch, 1500);
  return instance;
}

/** Tests: resources given up front, no detection, no loading. */
export function createTestI18n(resources: Resource, lng: Language = "en-US"): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init({
    ...baseOptions,
    ns: [...Namespaces],
    lng,
    resources,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

function syncDocumentLanguage(instance: I18n) {
  const apply = (lng: string) => {
    document.documentElement.lang = isMarketingLanguage(lng) ? lng : toSupported(lng);
  };
  apply(instance.language);
  instance.on("languageChanged", apply);
}
