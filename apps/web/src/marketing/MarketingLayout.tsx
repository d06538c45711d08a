// The marketing pages' frame: the shell with the promo banner, in the URL's language.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { urlPrefix } from "../i18n/url-language.ts";
import { Layout } from "../shell/Layout.tsx";
import { MarketingPageContext } from "./marketing-page.ts";
import { useUrlLanguage } from "./use-locale-path.ts";

export function MarketingLayout() {
  const { i18n } = useTranslation();
  const { lng } = useUrlLanguage();
  const chosen = (useLocation().state as { lng?: string } | null)?.lng;
  const target = chosen ?? (urlPrefix(lng) ? lng : undefined);
  // The first render already has the right language (the prerender and main.tsx set it).
  // A client-side move to another language's address (/zh/…, or the switcher's choice)
  // follows it; a move to an English address without prefix (a plain link to "/") keeps the
  // visitor's language, as the server would have sent them to their own language's address.
  // Acting only once the address has changed matters: the language change suspends the page
  // until its strings load, and a check made before would see the old address.
  useEffect(() => {
    if (target && i18n.language !== target) void i18n.changeLanguage(target);
  }, [i18n, target]);
  // a mark that React has taken the prerendered page over (browser tests wait for it)
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <MarketingPageContext.Provider value>
      <Layout marketing />
    </MarketingPageContext.Provider>
  );
}
