// "/:lng/…" is a marketing page in another language only when :lng is a published prefix.
import { Outlet, useParams } from "react-router";
import { languageOfPrefix } from "../i18n/url-language.ts";
import NotFoundPage from "../pages/not-found/NotFoundPage.tsx";

export function UrlLanguageGate() {
  const { lng = "" } = useParams();
  return languageOfPrefix(lng) ? <Outlet /> : <NotFoundPage />;
}
