import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Sets the tab title from an i18n key, followed by the brand. */
export function useDocumentTitle(key: string, values?: Record<string, string>) {
  const { t, i18n } = useTranslation();
  const title = t(key, values);
  const brand = t("common:brand");
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the language changes
  useEffect(() => {
    document.title = title === brand ? brand : `${title} · ${brand}`;
  }, [title, brand, i18n.language]);
}
