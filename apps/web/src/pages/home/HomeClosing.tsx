import { useTranslation } from "react-i18next";
import { BeforeAfter } from "../../marketing/BeforeAfter.tsx";
import { useModal } from "../../modals/use-modal.ts";
import { buttonClass } from "../../ui/Button.tsx";
import { CheckIcon } from "../../ui/icons.tsx";
import { useStartCreating } from "./use-start-creating.ts";

export function PricingTeaser() {
  const { t } = useTranslation("home");
  const modal = useModal();
  const points = ["daily", "perImage", "unlimited"] as const;
  return (
    <section className="mx-auto max-w-7xl px-6">
      <div className="grid items-center gap-8 rounded-3xl bg-gradient-to-br from-indigo-600 to-fuchsia-600 p-8 text-white shadow-xl sm:p-12 lg:grid-cols-2">
        <div>
          <h2 className="text-3xl font-bold tracking-tight">{t("pricing.title")}</h2>
          <p className="mt-3 text-indigo-100">{t("pricing.subtitle", { price: 9.99 })}</p>
          <div className="mt-6 rounded-2xl bg-white/10 p-3 ring-1 ring-white/20">
            <BeforeAfter set="amazon" tone="dark" />
          </div>
        </div>
        <div>
          <ul className="space-y-3">
            {points.map((p) => (
              <li key={p} className="flex items-start gap-3">
                <CheckIcon className="mt-0.5 h-5 w-5 flex-none" />
                <span>{t(`pricing.${p}`)}</span>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => modal.open("pricing", { table: "product" })}
            className="mt-6 rounded-xl bg-white px-5 py-2.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
          >
            {t("pricing.cta")}
          </button>
        </div>
      </div>
    </section>
  );
}

export function Faq() {
  const { t } = useTranslation("home");
  const items = ["pixels", "coins", "languages", "private"] as const;
  return (
    <section className="mx-auto max-w-3xl px-6 py-20">
      <h2 className="text-center text-3xl font-bold tracking-tight">{t("faq.title")}</h2>
      <div className="mt-10 divide-y divide-slate-200 rounded-3xl ring-1 ring-slate-200">
        {items.map((k) => (
          <details key={k} className="group p-5 open:bg-slate-50/60">
            <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden">
              <span className="flex items-center justify-between gap-4">
                {t(`faq.${k}.q`)}
                <span
                  aria-hidden="true"
                  className="text-xl text-indigo-600 transition group-open:rotate-45"
                >
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 text-sm leading-6 text-slate-600">{t(`faq.${k}.a`)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

export function FinalCta() {
  const { t } = useTranslation("home");
  const start = useStartCreating();
  return (
    <section className="mx-auto max-w-4xl px-6 text-center">
      <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("final.title")}</h2>
      <p className="mx-auto mt-3 max-w-xl text-slate-600">{t("final.subtitle")}</p>
      <button
        type="button"
        onClick={() => start("product")}
        className={buttonClass("primary", "mt-8 px-6 py-3 text-base")}
      >
        {t("final.cta")}
      </button>
    </section>
  );
}
