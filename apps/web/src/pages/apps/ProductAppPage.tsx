// /app: the active app's workspace. The product generator itself arrives in issue 5; until
// then the page takes the upload and prompt, applies the spec's guards, and says so.
import { lazy, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { track } from "../../analytics/analytics.ts";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { ProductScene } from "../../ui/art/ProductScene.tsx";
import { Button } from "../../ui/Button.tsx";
import { UploadIcon } from "../../ui/icons.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";
import { AppSwitcher } from "./AppSwitcher.tsx";
import { AvailableNow, ComingBanner } from "./AvailableNow.tsx";

const ClothingAppPage = lazy(() => import("./ClothingAppPage.tsx"));
const VideoAppPage = lazy(() => import("./VideoAppPage.tsx"));

const Templates = ["studio", "marble", "wood", "sand", "linen", "podium"] as const;

export default function AppEntry() {
  const { session } = useSession();
  if (session.activeApp === "clothing") return <ClothingAppPage />;
  if (session.activeApp === "video") return <VideoAppPage />;
  return <ProductAppPage />;
}

function ProductAppPage() {
  const { t } = useTranslation("apps");
  useDocumentTitle("apps:product.title");
  const { session, setPromptText } = useSession();
  const modal = useModal();
  const [image, setImage] = useState<{ url: string; name: string } | null>(null);
  const [template, setTemplate] = useState<(typeof Templates)[number]>("studio");

  useEffect(
    () => () => {
      if (image) URL.revokeObjectURL(image.url);
    },
    [image],
  );

  const generate = () => {
    if (!image && session.promptText.trim() === "") return modal.open("no-image-or-text");
    if (!session.loggedIn) {
      track("blocked no login", { action: "generate" });
      return modal.open("login", { mode: "signup" });
    }
    modal.open("coming-soon", { feature: t("product.generation") });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("product.title")}</h1>
          <p className="mt-1 text-slate-600">{t("product.subtitle")}</p>
        </div>
        <AppSwitcher current="product" />
      </div>
      <div className="mt-6">
        <ComingBanner text={t("product.coming")} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[22rem_1fr]">
        <div className="space-y-5 rounded-3xl bg-white p-5 ring-1 ring-slate-200">
          <label className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-slate-300 bg-slate-50 p-6 text-center hover:border-indigo-400 focus-within:border-indigo-500">
            {image ? (
              <img
                src={image.url}
                alt={t("product.uploaded", { name: image.name })}
                className="max-h-40 rounded-xl object-contain"
              />
            ) : (
              <UploadIcon className="h-8 w-8 text-slate-500" />
            )}
            <span className="text-sm font-semibold text-indigo-700">
              {image ? t("product.replace") : t("product.upload")}
            </span>
            <span className="text-xs text-slate-500">{t("product.uploadHint")}</span>
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) setImage({ url: URL.createObjectURL(file), name: file.name });
              }}
            />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            {t("product.prompt")}
            <textarea
              rows={3}
              value={session.promptText}
              onChange={(e) => setPromptText(e.target.value)}
              placeholder={t("product.promptPlaceholder")}
              maxLength={500}
              className="mt-1 block w-full rounded-xl border-0 px-3 py-2.5 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none"
            />
          </label>
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">{t("product.template")}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {Templates.map((k) => (
                <button
                  key={k}
                  type="button"
                  aria-pressed={template === k}
                  onClick={() => setTemplate(k)}
                  className={`rounded-full px-3 py-1 text-xs font-semibold ring-1 ${template === k ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white text-slate-700 ring-slate-300 hover:ring-indigo-400"}`}
                >
                  {t(`home:gallery.${k}`)}
                </button>
              ))}
            </div>
          </fieldset>
          <Button className="w-full" onClick={generate} data-testid="generate">
            {t("product.generate")}
          </Button>
          <p className="text-center text-xs text-slate-500">{t("product.cost")}</p>
        </div>
        <section
          aria-label={t("product.results")}
          className="rounded-3xl bg-slate-50 p-5 ring-1 ring-slate-200"
        >
          <div className="grid grid-cols-2 gap-3">
            {(["podium", "marble", "sand", "wood"] as const).map((s) => (
              <div key={s} className="relative overflow-hidden rounded-2xl">
                <ProductScene
                  product="bottle"
                  surface={s}
                  tint="#64748b"
                  className="w-full opacity-40 grayscale"
                />
              </div>
            ))}
          </div>
          <p className="mt-4 text-center text-sm text-slate-600">{t("product.resultsHint")}</p>
        </section>
      </div>
      <AvailableNow />
    </div>
  );
}
