import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClass } from "../../ui/Button.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";

export default function NotFoundPage() {
  const { t } = useTranslation("common");
  useDocumentTitle("common:notFound.title");
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="mt-3 text-slate-600">{t("notFound.text")}</p>
      <Link to="/" className={buttonClass("primary", "mt-8")}>
        {t("notFound.home")}
      </Link>
    </div>
  );
}
