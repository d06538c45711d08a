import { useTranslation } from "react-i18next";
import { ProductScene, type ProductShape, type Surface } from "../../ui/art/ProductScene.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";

const Posts: {
  key: string;
  shape: ProductShape;
  surface: Surface;
  tint: string;
  sky: [string, string];
}[] = [
  {
    key: "lighting",
    shape: "bottle",
    surface: "podium",
    tint: "#7c3aed",
    sky: ["#ede9fe", "#fdf4ff"],
  },
  {
    key: "marketplace",
    shape: "bag",
    surface: "linen",
    tint: "#b45309",
    sky: ["#fef3c7", "#fffbeb"],
  },
  { key: "food", shape: "mug", surface: "wood", tint: "#0f766e", sky: ["#ecfeff", "#f0fdfa"] },
];

export default function BlogPage() {
  const { t } = useTranslation("blog");
  useDocumentTitle("blog:title");
  return (
    <div className="mx-auto max-w-7xl px-5 py-12 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t("subtitle")}</p>
      <div className="mt-10 grid gap-8 md:grid-cols-3">
        {Posts.map((p) => (
          <article
            key={p.key}
            className="flex flex-col overflow-hidden rounded-3xl bg-white ring-1 ring-slate-200"
          >
            <ProductScene
              product={p.shape}
              surface={p.surface}
              tint={p.tint}
              sky={p.sky}
              fit="cover"
              className="aspect-[4/3] w-full"
            />
            <div className="flex flex-1 flex-col p-6">
              <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">
                {t(`posts.${p.key}.tag`)}
              </p>
              <h2 className="mt-2 text-lg font-semibold">{t(`posts.${p.key}.title`)}</h2>
              <p className="mt-2 text-sm leading-6 text-slate-600">{t(`posts.${p.key}.excerpt`)}</p>
              <details className="mt-4 text-sm leading-6 text-slate-700">
                <summary className="cursor-pointer font-semibold text-indigo-700">
                  {t("readMore")}
                </summary>
                <p className="mt-2">{t(`posts.${p.key}.body`)}</p>
              </details>
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
