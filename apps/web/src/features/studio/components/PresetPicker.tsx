// Step 5: aspect and marketplace. The glyph draws each preset's aspect ratio.
import type { PresetName } from "@studio/contracts";
import { useTranslation } from "react-i18next";

export const presetAspect: Record<PresetName, [number, number]> = {
  web: [1, 1],
  amazon: [1, 1],
  shopify: [1, 1],
  instagram: [4, 5],
  story: [9, 16],
  etsy: [4, 3],
};
const order: PresetName[] = ["web", "amazon", "shopify", "instagram", "story", "etsy"];

export function PresetPicker({
  value,
  onChange,
}: {
  value: PresetName;
  onChange: (p: PresetName) => void;
}) {
  const { t } = useTranslation("product-app");
  return (
    <div
      className="grid grid-cols-3 gap-2"
      data-testid="preset-picker"
      role="radiogroup"
      aria-label={t("steps.preset")}
    >
      {order.map((p) => {
        const [w, h] = presetAspect[p];
        const scale = 22 / Math.max(w, h);
        const checked = value === p;
        return (
          <label
            key={p}
            data-preset={p}
            className={`flex min-h-16 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl px-1 py-2 text-center ring-1 transition has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-indigo-300 ${checked ? "bg-indigo-50 ring-2 ring-indigo-600" : "bg-white ring-slate-300 hover:ring-indigo-300"}`}
          >
            <input
              type="radio"
              name="preset"
              value={p}
              className="sr-only"
              checked={checked}
              onChange={() => onChange(p)}
            />
            <span
              aria-hidden="true"
              className={`rounded-[3px] border-2 ${checked ? "border-indigo-600 bg-indigo-100" : "border-slate-400 bg-slate-50"}`}
              style={{ width: w * scale, height: h * scale }}
            />
            <span className="text-xs font-semibold text-slate-900">{t(`presets.${p}`)}</span>
            <span className="text-[11px] leading-tight text-slate-600">
              {t(`presets.${p}Hint`)}
            </span>
          </label>
        );
      })}
    </div>
  );
}
