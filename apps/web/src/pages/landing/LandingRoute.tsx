import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { ProductScene } from "../../ui/art/ProductScene.tsx";
import { buttonClass } from "../../ui/Button.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";
import { HowItWorks, SceneGallery } from "../home/HomeSections.tsx";
import { useStartCreating } from "../home/use-start-creating.ts";
import NotFoundPage from "../not-found/NotFoundPage.tsx";
import {
  findLandingPage,
  LandingGroups,
  type LandingPageDef,
  pickFromGroup,
} from "./landing-pages.ts";

export default function LandingRoute() {
  const slug = useParams()["*"]?.replace(/\/+$/, "") ?? "";
  const page = findLandingPage(slug);
  if (page) return <LandingPage page={page} />;
  if (slug in LandingGroups) {
    const picked = pickFromGroup(slug);
    if (picked) return <Navigate to={`/create/${picked.slug}`} replace />;
  }
  return <NotFoundPage />;
}

function LandingPage({ page }: { page: LandingPageDef }) {
  const { t } = useTranslation("landing");
  useDocumentTitle(`landing:pages.${page.slug}.title`);
  const start = useStartCreating();
  const surfaces = ["podium", "marble", "sand", "linen"] as const;
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
            <a href="#how-it-works" className={buttonClass("secondary", "px-6 py-3 text-base")}>
              {t("home")}
            </a>
          </div>
          <p className="mt-4 text-sm text-slate-500">{t("note")}</p>
        </div>
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
      </section>
      <HowItWorks />
      <SceneGallery />
    </>
  );
}
