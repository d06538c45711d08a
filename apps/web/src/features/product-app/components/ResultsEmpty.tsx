import { useTranslation } from "react-i18next";
import { ImageIcon } from "../../studio/index.ts";

/** before the first generation: where the photos will land */
export function ResultsEmpty() {
  const { t } = useTranslation("product-app");
  return (
    <div data-testid="results-empty">
      <div className="mx-auto grid max-w-sm grid-cols-2 gap-3 pt-4" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <div
            key={i}
            className="flex aspect-square items-center justify-center rounded-2xl border-2 border-dashed border-slate-200 bg-white text-slate-300"
          >
            <ImageIcon className="h-8 w-8" />
          </div>
        ))}
      </div>
      <p className="mt-4 text-center font-medium text-slate-800">{t("results.empty")}</p>
      <p className="mt-1 text-center text-sm text-slate-600">{t("results.emptyHint")}</p>
    </div>
  );
}
