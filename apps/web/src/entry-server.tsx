// Build-time rendering of the marketing pages (scripts/prerender.mjs runs it after
// `vite build --ssr`). Same providers and routes as main.tsx, all strings bundled, and
// react-dom/static's prerender, which waits for the lazy pages.
import i18next from "i18next";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { StaticRouter } from "react-router";
import { AppProviders } from "./app/AppProviders.tsx";
import { AppRoutes } from "./app/AppRoutes.tsx";
import { Namespaces } from "./i18n/languages.ts";
import da from "./i18n/locales/da/index.ts";
import de from "./i18n/locales/de/index.ts";
import en from "./i18n/locales/en-US/index.ts";
import es from "./i18n/locales/es/index.ts";
import fr from "./i18n/locales/fr/index.ts";
import it from "./i18n/locales/it/index.ts";
import ja from "./i18n/locales/ja/index.ts";
import ko from "./i18n/locales/ko/index.ts";
import nl from "./i18n/locales/nl/index.ts";
import pl from "./i18n/locales/pl/index.ts";
import pt from "./i18n/locales/pt/index.ts";
import ru from "./i18n/locales/ru/index.ts";
import sv from "./i18n/locales/sv/index.ts";
import tr from "./i18n/locales/tr/index.ts";
import zh from "./i18n/locales/zh-CN/index.ts";
import {
  localePath,
  type MarketingLanguage,
  MarketingLanguages,
  splitLanguage,
  urlPrefix,
} from "./i18n/url-language.ts";
import { marketingRoutes, type PageMeta, pageMeta } from "./marketing/page-meta.ts";
import { PrerenderContext } from "./marketing/prerender-context.ts";
import { BlogPosts } from "./pages/blog/blog-posts.ts";
import type { HomeVariant } from "./pages/home/home-variant.ts";
import { LandingGroups } from "./pages/landing/landing-pages.ts";

// the other languages carry the marketing namespaces; the rest falls back to English
const bundles: Record<MarketingLanguage, Record<string, Record<string, unknown>>> = {
  "en-US": en,
  "zh-CN": zh,
  es,
  da,
  pl,
  sv,
  nl,
  tr,
  ko,
  ru,
  it,
  pt,
  ja,
  de,
  fr,
};

function serverI18n(lng: MarketingLanguage) {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init({
    lng,
    fallbackLng: "en-US",
    supportedLngs: [...MarketingLanguages],
    ns: [...Namespaces],
    defaultNS: "common",
    resources: { [lng]: bundles[lng], "en-US": bundles["en-US"] },
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return instance;
}

export interface RenderedPage {
  html: string;
  meta: PageMeta;
}

export async function render(url: string, variant?: HomeVariant): Promise<RenderedPage> {
  const { lng, rest } = splitLanguage(url);
  const i18n = serverI18n(lng);
  const meta = pageMeta(rest, i18n.t, lng);
  if (!meta) throw new Error(`${url} is not a marketing page`);
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <PrerenderContext.Provider value={{ variant }}>
          <StaticRouter location={url}>
            <AppProviders hydrating>
              <AppRoutes />
            </AppProviders>
          </StaticRouter>
        </PrerenderContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  return { html, meta };
}

/** What the prerender script and the server need to know about the site's addresses. */
export const site = {
  blog: BlogPosts,
  languages: MarketingLanguages.map((lng) => ({ lng, prefix: urlPrefix(lng) })),
  routes: marketingRoutes(),
  groups: Object.fromEntries(
    Object.entries(LandingGroups).map(([g, pages]) => [
      `/create/${g}`,
      pages.map((p) => `/create/${p.slug}`),
    ]),
  ),
  localePath,
};
