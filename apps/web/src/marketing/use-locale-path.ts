import { useLocation } from "react-router";
import { localePath, type MarketingLanguage, splitLanguage } from "../i18n/url-language.ts";

/** The page's own URL language, and a helper for links that stay in it. */
export function useUrlLanguage(): {
  lng: MarketingLanguage;
  rest: string;
  to: (rest: string) => string;
} {
  const { pathname } = useLocation();
  const { lng, rest } = splitLanguage(pathname);
  return { lng, rest, to: (r: string) => localePath(lng, r) };
}
