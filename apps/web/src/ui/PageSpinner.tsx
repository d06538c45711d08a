import { useTranslation } from "react-i18next";

export function PageSpinner() {
  const { t } = useTranslation("common");
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600" />
      <span className="sr-only">{t("loading")}</span>
    </div>
  );
}
