import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BeforeAfter } from "../../marketing/BeforeAfter.tsx";
import { usePrerenderInfo } from "../../marketing/prerender-context.ts";
import { buttonClass } from "../../ui/Button.tsx";
import { SparklesIcon } from "../../ui/icons.tsx";
import { homeVariant } from "./home-variant.ts";
import { useStartCreating } from "./use-start-creating.ts";

export function HomeHero() {
  const { t } = useTranslation("home");
  const start = useStartCreating();
  const prerender = usePrerenderInfo();
  const [variant] = useState(() => prerender.variant ?? homeVariant());
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
        <div className="rounded-3xl bg-white/70 p-3 shadow-xl ring-1 ring-slate-900/5 sm:p-4">
          <BeforeAfter set={variant === "b" ? "lifestyle" : "studio"} eager />
        </div>
      </div>
    </section>
  );
}
