// Beside the cut-out: what the engine recognised the product as, and where that puts it
// ("Recognised: car — on a road, real size"), with a menu to change it in one click when it is
// wrong. The choice goes with the generation request (productKind) and re-plans the sets.
import type { ProductKind, RecognisedProduct } from "@studio/contracts";
import { useTranslation } from "react-i18next";
import { footingOf, PRODUCT_KINDS, UNSURE } from "../model/product-kinds.ts";

export function RecognisedKind({
  product,
  value,
  onChange,
}: {
  product: RecognisedProduct | undefined;
  /** the seller's choice; null keeps the recognised kind */
  value: ProductKind | null;
  onChange: (kind: ProductKind | null) => void;
}) {
  const { t } = useTranslation("product-app");
  const kind = value ?? product?.kind ?? null;
  const name = (k: string) => t(`kinds.${k}`, { defaultValue: k });
  return (
    <div
      className="mt-3 flex flex-wrap items-center gap-2 rounded-xl bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200"
      data-testid="recognised-kind"
    >
      <p className="min-w-0 flex-1 text-slate-800">
        {kind ? (
          <>
            {t(value ? "recognised.chosen" : "recognised.label", { kind: name(kind) })}
            {" — "}
            <span className="text-slate-600">{t(`recognised.${footingOf(kind)}`)}</span>
            {!value && product && product.confidence < UNSURE ? (
              <span className="ml-1 text-amber-800">
                {t("recognised.unsure", { percent: Math.round(product.confidence * 100) })}
              </span>
            ) : null}
          </>
        ) : (
          t("recognised.none")
        )}
      </p>
      <label className="flex items-center gap-2">
        <span className="sr-only">{t("recognised.change")}</span>
        <select
          className="min-h-11 rounded-lg bg-white px-2 ring-1 ring-slate-300 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-indigo-300"
          value={value ?? ""}
          onChange={(e) => onChange((e.target.value || null) as ProductKind | null)}
          data-testid="kind-menu"
        >
          <option value="">
            {product ? t("recognised.keep", { kind: name(product.kind) }) : t("recognised.pick")}
          </option>
          {PRODUCT_KINDS.map((k) => (
            <option key={k} value={k}>
              {name(k)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
