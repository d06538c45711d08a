import { Constants } from "@studio/contracts";
import { useTranslation } from "react-i18next";
import { BeforeAfter } from "../../marketing/BeforeAfter.tsx";
import { ExamplePhoto } from "../../marketing/ExamplePhoto.tsx";
import { exampleSet } from "../../marketing/examples.ts";
import type { ActiveApp } from "../../session/session-state.ts";
import { ProductScene, type ProductShape } from "../../ui/art/ProductScene.tsx";
import { CubeIcon, ShirtIcon, SparklesIcon, UploadIcon, VideoIcon } from "../../ui/icons.tsx";
import { useStartCreating } from "./use-start-creating.ts";

export function Stats() {
  const { t } = useTranslation("home");
  // 500,000+ photos claimed; the first photos at express speed and the free coins a day are
  // the server's own numbers (packages/contracts/src/messages.ts)
  const items = {
    photos: 500_000,
    express: Constants.expressPhotos,
    free: Constants.dailyFreeCoins,
  } as const;
  return (
    <section aria-label={t("stats.label")} className="border-y border-slate-100 bg-slate-50/60">
      <dl className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-6 py-10 text-center sm:grid-cols-3">
        {(Object.keys(items) as (keyof typeof items)[]).map((k) => (
          <div key={k}>
            <dt className="text-sm text-slate-600">{t(`stats.${k}.label`)}</dt>
            <dd className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
              {t(`stats.${k}.value`, { count: items[k] })}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function HowItWorks() {
  const { t } = useTranslation("home");
  const steps = [
    { k: "upload", icon: <UploadIcon className="h-6 w-6" /> },
    { k: "describe", icon: <SparklesIcon className="h-6 w-6" /> },
    { k: "download", icon: <CubeIcon className="h-6 w-6" /> },
  ];
  return (
    <section id="how-it-works" className="mx-auto max-w-7xl px-6 py-20">
      <h2 className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
        {t("how.title")}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">{t("how.subtitle")}</p>
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {steps.map((s, i) => (
          <li key={s.k} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <div className="flex items-center gap-3">
              <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-indigo-600 text-white">
                {s.icon}
              </span>
              <span className="text-sm font-semibold text-indigo-700">
                {t("how.step", { n: i + 1 })}
              </span>
            </div>
            <h3 className="mt-4 text-lg font-semibold">{t(`how.${s.k}.title`)}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600">{t(`how.${s.k}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function AppsShowcase() {
  const { t } = useTranslation("home");
  const start = useStartCreating();
  const productResult = exampleSet("surfaces").results[0] as ReturnType<
    typeof exampleSet
  >["results"][number];
  const apps: {
    k: ActiveApp;
    icon: React.ReactNode;
    shape: ProductShape;
    tint: string;
    sky: [string, string];
  }[] = [
    {
      k: "product",
      icon: <CubeIcon className="h-5 w-5" />,
      shape: "jar",
      tint: "#0ea5e9",
      sky: ["#e0f2fe", "#f0f9ff"],
    },
    {
      k: "clothing",
      icon: <ShirtIcon className="h-5 w-5" />,
      shape: "shirt",
      tint: "#f43f5e",
      sky: ["#ffe4e6", "#fff1f2"],
    },
    {
      k: "video",
      icon: <VideoIcon className="h-5 w-5" />,
      shape: "sneaker",
      tint: "#10b981",
      sky: ["#dcfce7", "#f0fdf4"],
    },
  ];
  return (
    <section className="bg-slate-950 py-20 text-white">
      <div className="mx-auto max-w-7xl px-6">
        <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("apps.title")}</h2>
        <p className="mt-3 max-w-2xl text-slate-300">{t("apps.subtitle")}</p>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {apps.map((a) => (
            <article
              key={a.k}
              className="flex flex-col overflow-hidden rounded-3xl bg-white/5 ring-1 ring-white/10"
            >
              {a.k === "product" ? (
                <ExamplePhoto
                  image={productResult}
                  alt={t("examples.resultAlt", {
                    scene: t(`examples.scenes.${productResult.template}`),
                  })}
                  sizes="(min-width: 768px) 33vw, 100vw"
                  className="aspect-[4/3]"
                />
              ) : (
                // no openly licensed clothing photo to show a real result of (yet): drawn
                <ProductScene
                  product={a.shape}
                  tint={a.tint}
                  sky={a.sky}
                  surface="podium"
                  fit="cover"
                  className="aspect-[4/3] w-full"
                />
              )}
              <div className="flex flex-1 flex-col p-6">
                <h3 className="flex items-center gap-2 text-lg font-semibold">
                  {a.icon}
                  {t(`apps.${a.k}.title`)}
                </h3>
                <p className="mt-2 flex-1 text-sm leading-6 text-slate-300">
                  {t(`apps.${a.k}.text`)}
                </p>
                <button
                  type="button"
                  onClick={() => start(a.k)}
                  className="mt-5 self-start rounded-xl bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-indigo-50"
                >
                  {t(`apps.${a.k}.cta`)}
                </button>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

export function SceneGallery() {
  const { t } = useTranslation("home");
  const sets = ["surfaces", "luxe", "outdoor", "seasonal"] as const;
  return (
    <section className="mx-auto max-w-7xl px-6 py-20">
      <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("gallery.title")}</h2>
      <p className="mt-3 max-w-2xl text-slate-600">{t("gallery.subtitle")}</p>
      <div className="mt-10 grid gap-10 lg:grid-cols-2">
        {sets.map((id) => (
          <BeforeAfter key={id} set={id} />
        ))}
      </div>
    </section>
  );
}
