import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { BeforeAfter } from "../../marketing/BeforeAfter.tsx";
import type { ExampleSetId } from "../../marketing/examples.ts";
import { useUrlLanguage } from "../../marketing/use-locale-path.ts";
import { ProductScene } from "../../ui/art/ProductScene.tsx";
import { buttonClass } from "../../ui/Button.tsx";
import { CheckIcon } from "../../ui/icons.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";
import { HowItWorks, SceneGallery } from "../home/HomeSections.tsx";
import { useStartCreating } from "../home/use-start-creating.ts";
import NotFoundPage from "../not-found/NotFoundPage.tsx";
import { AmazonChecker } from "./AmazonChecker.tsx";
import {
  findLandingPage,
  LandingGroups,
  type LandingPageDef,
  pickFromGroup,
} from "./landing-pages.ts";

export default function LandingRoute() {
  const slug = useParams()["*"]?.replace(/\/+$/, "") ?? "";
  const { to } = useUrlLanguage();
  const page = findLandingPage(slug);
  if (page) return <LandingPage page={page} />;
  // the server redirects a group's address; this covers a move inside the app
  if (slug in LandingGroups) {
    const picked = pickFromGroup(slug);
    if (picked) return <Navigate to={to(`/create/${picked.slug}`)} replace />;
  }
  return <NotFoundPage />;
}

/** A second set of results, different from the hero's, for the page's examples section. */
const secondSet: Partial<Record<ExampleSetId, ExampleSetId>> = {
  amazon: "studio",
  studio: "surfaces",
  surfaces: "lifestyle",
  lifestyle: "surfaces",
};

function LandingPage({ page }: { page: LandingPageDef }) {
  const { t } = useTranslation("landing");
  useDocumentTitle(`landing:pages.${page.slug}.title`);
  const start = useStartCreating();
  const surfaces = ["podium", "marble", "sand", "linen"] as const;
  const isAmazon = page.slug === "amazon-product-photography";
  const more = page.examples ? (secondSet[page.examples] ?? "seasonal") : undefined;
  return (
    <>
      <section className="mx-auto grid max-w-7xl items-center gap-10 px-5 py-12 sm:px-6 lg:grid-cols-2 lg:py-20">
        <div>
          <p className="text-sm font-semibold text-indigo-700">{t(`eyebrow.${page.app}`)}</p>
          <h1
            className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl"
            data-testid="landing-title"
          >
            {t(`pages.${page.slug}.title`)}
          </h1>
          <p className="mt-5 text-lg leading-8 text-slate-600">
            {t(`pages.${page.slug}.subtitle`)}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              onClick={() => start(page.app)}
              className={buttonClass("primary", "px-6 py-3 text-base")}
            >
              {t("cta")}
            </button>
            <a
              href={isAmazon ? "#amazon-checker" : "#how-it-works"}
              className={buttonClass("secondary", "px-6 py-3 text-base")}
            >
              {isAmazon ? t("checker.title") : t("home")}
            </a>
          </div>
          <p className="mt-4 text-sm text-slate-600">{t("note")}</p>
        </div>
        {page.examples ? (
          <div className="rounded-3xl bg-white p-3 shadow-xl ring-1 ring-slate-900/5 sm:p-4">
            <BeforeAfter set={page.examples} eager />
          </div>
        ) : (
          // clothing: no openly licensed garment photo to make a real result from yet
          <div className="grid grid-cols-2 gap-3">
            {surfaces.map((s) => (
              <ProductScene
                key={s}
                product={page.shape}
                surface={page.shape === "shirt" ? "podium" : s}
                tint={page.tint}
                sky={page.sky}
                className="w-full rounded-2xl shadow-lg ring-1 ring-slate-900/5"
              />
            ))}
          </div>
        )}
      </section>
      <section className="mx-auto max-w-7xl px-5 sm:px-6" aria-labelledby="points-title">
        <h2 id="points-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("pointsTitle")}
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {(["1", "2", "3"] as const).map((n) => (
            <li key={n} className="flex gap-3 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200">
              <CheckIcon className="mt-0.5 h-5 w-5 flex-none text-indigo-600" />
              <span className="text-slate-700">{t(`pages.${page.slug}.points.${n}`)}</span>
            </li>
          ))}
        </ul>
      </section>
      {isAmazon && <AmazonChecker />}
      {more && (
        <section className="mx-auto max-w-4xl px-5 py-12 sm:px-6" aria-labelledby="examples-title">
          <h2 id="examples-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t("examplesTitle")}
          </h2>
          <p className="mt-2 mb-6 max-w-2xl text-slate-600">{t("examplesNote")}</p>
          <BeforeAfter set={more} />
        </section>
      )}
      <HowItWorks />
      <SceneGallery />
    </>
  );
}
