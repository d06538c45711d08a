// i18next set-up: one JSON file per feature namespace and language. Per language, two chunks:
// the core namespaces (top bar, home) before the first render, the rest on first use.
import i18next, { type BackendModule, type i18n as I18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { browserLanguageDetector } from "./detect-language.ts";
import {
  CoreNamespaces,
  DefaultLanguage,
  type Language,
  Namespaces,
  toSupported,
} from "./languages.ts";
import {
  type ExtraLanguage,
  isMarketingLanguage,
  type MarketingLanguage,
  MarketingLanguages,
} from "./url-language.ts";

type Bundle = Record<string, Record<string, unknown>>;
type Loader = () => Promise<{ default: Bundle }>;
const loaders: Record<Language, { core: Loader; more: Loader }> = {
  "en-US": {
    core: () => import("./locales/en-US/core.ts"),
    more: () => import("./locales/en-US/more.ts"),
  },
  "zh-CN": {
    core: () => import("./locales/zh-CN/core.ts"),
    more: () => import("./locales/zh-CN/more.ts"),
  },
};
// The marketing pages' strings in the spec's other languages (one chunk each); every other
// namespace is empty there and falls back to English.
const marketingLoaders: Record<ExtraLanguage, Loader> = {
  da: () => import("./locales/da/index.ts"),
  pl: () => import("./locales/pl/index.ts"),
  sv: () => import("./locales/sv/index.ts"),
  nl: () => import("./locales/nl/index.ts"),
  tr: () => import("./locales/tr/index.ts"),
  ko: () => import("./locales/ko/index.ts"),
  ru: () => import("./locales/ru/index.ts"),
  it: () => import("./locales/it/index.ts"),
  pt: () => import("./locales/pt/index.ts"),
  ja: () => import("./locales/ja/index.ts"),
  de: () => import("./locales/de/index.ts"),
  fr: () => import("./locales/fr/index.ts"),
  es: () => import("./locales/es/index.ts"),
};
const isCore = (ns: string) => (CoreNamespaces as readonly string[]).includes(ns);

const lazyBackend: BackendModule = {
  type: "backend",
  init() {},
  read(lng, ns, callback) {
    const extra = marketingLoaders[lng as ExtraLanguage];
    const pair = loaders[toSupported(lng)];
    (extra ?? (isCore(ns) ? pair.core : pair.more))()
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
