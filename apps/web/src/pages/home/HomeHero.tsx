import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ProductScene } from "../../ui/art/ProductScene.tsx";
import { buttonClass } from "../../ui/Button.tsx";
import { SparklesIcon } from "../../ui/icons.tsx";
import { homeVariant } from "./home-variant.ts";
import { useStartCreating } from "./use-start-creating.ts";

export function HomeHero() {
  const { t } = useTranslation("home");
  const start = useStartCreating();
  const [variant] = useState(homeVariant);
  const k = (key: string) => (variant === "b" ? `heroB.${key}` : `hero.${key}`);
  return (
    <section className="relative overflow-hidden" data-variant={variant}>
      <div className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_70%_-10%,#e0e7ff,transparent),radial-gradient(40rem_24rem_at_0%_20%,#fce7f3,transparent)]" />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-5 pt-12 pb-16 sm:px-6 lg:grid-cols-2 lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-xs font-semibold text-indigo-700 ring-1 ring-indigo-200">
            <SparklesIcon className="h-4 w-4" />
            {t("hero.eyebrow")}
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            {t(k("title"))}
            {/* its own line: no space to get right between languages */}
            <span className="block bg-gradient-to-r from-indigo-600 to-fuchsia-600 bg-clip-text text-transparent">
              {t(k("titleAccent"))}
            </span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-slate-600">{t(k("subtitle"))}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              onClick={() => start("product")}
              className={buttonClass("primary", "px-6 py-3 text-base")}
              data-testid="hero-cta"
            >
              {t("hero.cta")}
            </button>
            <a href="#how-it-works" className={buttonClass("secondary", "px-6 py-3 text-base")}>
              {t("hero.secondary")}
            </a>
          </div>
          <p className="mt-4 text-sm text-slate-500">{t("hero.note")}</p>
        </div>
        <div className="relative">
          <div className="grid grid-cols-2 gap-3 sm:gap-4">
            <ProductScene
              product="bottle"
              surface="podium"
              sky={["#e0e7ff", "#fdf2f8"]}
              tint="#7c3aed"
              className="w-full rounded-2xl shadow-xl ring-1 ring-slate-900/5"
            />
            <ProductScene
              product="bottle"
              surface="marble"
              sky={["#ecfeff", "#f0fdf4"]}
              tint="#7c3aed"
              className="mt-8 w-full rounded-2xl shadow-xl ring-1 ring-slate-900/5"
            />
            <ProductScene
              product="bottle"
              surface="sand"
              sky={["#fff7ed", "#fef3c7"]}
              tint="#7c3aed"
              className="-mt-8 w-full rounded-2xl shadow-xl ring-1 ring-slate-900/5"
            />
            <ProductScene
              product="bottle"
              surface="wood"
              sky={["#f5f5f4", "#fafaf9"]}
              tint="#7c3aed"
              className="w-full rounded-2xl shadow-xl ring-1 ring-slate-900/5"
            />
          </div>
          <figure className="absolute -bottom-6 -left-2 w-28 rotate-[-6deg] rounded-xl bg-white p-1.5 shadow-2xl ring-1 ring-slate-900/10 sm:-left-6 sm:w-36">
            <ProductScene product="bottle" raw tint="#7c3aed" className="w-full rounded-lg" />
            <figcaption className="py-1 text-center text-[11px] font-semibold text-slate-600">
              {t("hero.before")}
            </figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}
