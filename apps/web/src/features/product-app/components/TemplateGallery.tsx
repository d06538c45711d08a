// Step 4: the template gallery, thumbnails rendered by the engine. Native radio buttons, so
// the arrow keys move the choice and screen readers announce 'selected' for free.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SparklesIcon } from "../../../ui/icons.tsx";
import { useTemplates } from "../../studio/index.ts";

const FIRST = 8;

export function TemplateGallery({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t, i18n } = useTranslation("product-app");
  const templates = useTemplates();
  const [all, setAll] = useState(false);
  const zh = i18n.language.startsWith("zh");

  if (templates.isPending)
    return <p className="text-sm text-slate-500">{t("templates.loading")}</p>;
  if (templates.isError)
    return (
      <p role="alert" className="text-sm text-rose-700">
        {t("templates.failed")}
      </p>
    );

  const list = templates.data;
  // the chosen one stays visible when the list is folded
  const shown = all
    ? list
    : list.filter((tpl, i) => i < FIRST || tpl.id === value).slice(0, FIRST + 1);
  const tile = (checked: boolean) =>
    `group relative block cursor-pointer overflow-hidden rounded-xl ring-2 transition has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-indigo-300 ${checked ? "ring-indigo-600" : "ring-transparent hover:ring-slate-300"}`;

  return (
    <div>
      <div
        className="grid grid-cols-3 gap-2"
        data-testid="template-gallery"
        role="radiogroup"
        aria-label={t("steps.template")}
      >
        <label className={tile(value === null)}>
          <input
            type="radio"
            name="template"
            className="sr-only"
            checked={value === null}
            onChange={() => onChange(null)}
          />
          <span className="flex aspect-square flex-col items-center justify-center gap-1 bg-gradient-to-br from-indigo-50 to-violet-100 p-1 text-center text-indigo-700">
            <SparklesIcon className="h-6 w-6" />
            <span className="text-[11px] leading-tight font-medium text-indigo-900">
              {t("templates.autoHint")}
            </span>
          </span>
          <span className="block bg-white px-1.5 py-1 text-xs leading-tight font-semibold text-slate-800">
            {t("templates.auto")}
          </span>
        </label>
        {shown.map((tpl) => {
          const name = zh ? tpl.name.zh : tpl.name.en;
          const checked = value === tpl.id;
          return (
            <label key={tpl.id} className={tile(checked)} data-template={tpl.id}>
              <input
                type="radio"
                name="template"
                className="sr-only"
                value={tpl.id}
                checked={checked}
                onChange={() => onChange(tpl.id)}
              />
              <img
                src={tpl.thumbnailUrl}
                alt=""
                loading="lazy"
                decoding="async"
                width={256}
                height={256}
                className="aspect-square w-full bg-slate-100 object-cover transition group-hover:scale-105"
              />
              <span className="line-clamp-2 bg-white px-1.5 py-1 text-xs leading-tight font-semibold text-slate-800">
                {name}
              </span>
              {checked && (
                <span className="absolute top-1.5 right-1.5 rounded-full bg-indigo-600 px-1.5 py-0.5 text-[10px] font-bold text-white">
                  {t("templates.selected")}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {list.length > FIRST && (
        <button
          type="button"
          onClick={() => setAll((a) => !a)}
          aria-expanded={all}
          className="mt-2 min-h-11 text-sm font-semibold text-indigo-700 hover:text-indigo-900"
        >
          {all ? t("templates.showLess") : t("templates.showAll", { count: list.length })}
        </button>
      )}
    </div>
  );
}
