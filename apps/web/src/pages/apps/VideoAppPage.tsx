// /video-app: product video orders (the promo banner's second slide) arrive with billing.
import { useTranslation } from "react-i18next";
import { ComingSoonButton } from "../../features/guards/ComingSoonButton.tsx";
import { ProductScene } from "../../ui/art/ProductScene.tsx";
import { VideoIcon } from "../../ui/icons.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";
import { AppSwitcher } from "./AppSwitcher.tsx";
import { AvailableNow, ComingBanner } from "./AvailableNow.tsx";

export default function VideoAppPage() {
  const { t } = useTranslation("apps");
  useDocumentTitle("apps:video.title");
  const steps = ["brief", "shoot", "deliver"] as const;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("video.title")}</h1>
          <p className="mt-1 text-slate-600">{t("video.subtitle")}</p>
        </div>
        <AppSwitcher current="video" />
      </div>
      <div className="mt-6">
        <ComingBanner text={t("video.coming")} />
      </div>
      <div className="mt-8 grid items-center gap-8 lg:grid-cols-2">
        <div className="relative overflow-hidden rounded-3xl ring-1 ring-slate-200">
          <ProductScene
            product="sneaker"
            surface="podium"
            tint="#10b981"
            sky={["#0f172a", "#334155"]}
            className="w-full"
          />
          <span className="absolute inset-0 flex items-center justify-center">
            <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-xl">
              <VideoIcon className="h-8 w-8" />
            </span>
          </span>
        </div>
        <div>
          <ol className="space-y-4">
            {steps.map((s, i) => (
              <li key={s} className="flex gap-3">
                <span className="flex h-8 w-8 flex-none items-center justify-center rounded-full bg-emerald-600 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <span>
                  <span className="block font-semibold">{t(`video.${s}.title`)}</span>
                  <span className="text-sm text-slate-600">{t(`video.${s}.text`)}</span>
                </span>
              </li>
            ))}
          </ol>
          <p className="mt-6 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            {t("video.offer")}
          </p>
          <ComingSoonButton variant="primary" className="mt-6" feature={t("video.title")}>
            {t("video.order")}
          </ComingSoonButton>
        </div>
      </div>
      <AvailableNow />
    </div>
  );
}
