// The results: skeletons while waiting, then the photos. Each opens in the lightbox and
// downloads on its own; all of them download as one ZIP (the server builds it).
import type { Generation } from "@studio/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "../../../ui/Button.tsx";
import type { LiveGeneration } from "../hooks/use-live-generation.ts";
import { Lightbox } from "./Lightbox.tsx";
import { presetAspect } from "./PresetPicker.tsx";
import { DownloadIcon } from "./studio-icons.tsx";

export function ResultsGrid({
  live,
  aspect,
}: {
  live: LiveGeneration;
  /** the placeholders' shape when not the preset's (the Clothing app's 4:5) */
  aspect?: [number, number];
}) {
  const { t } = useTranslation("product-app");
  const [open, setOpen] = useState<number | null>(null);
  const g: Generation | null = live.generation;
  const [w, h] = aspect ?? presetAspect[g?.preset ?? live.preset];
  const cols = (g?.images.length ?? live.count) === 1 ? "grid-cols-1 max-w-md" : "grid-cols-2";

  if (g && g.status === "failed" && g.images.length === 0)
    return (
      <div
        role="alert"
        className="rounded-2xl bg-rose-50 p-4 text-sm text-rose-800 ring-1 ring-rose-200"
      >
        <p className="font-semibold">{t("status.failed")}</p>
        {g.error && <p className="mt-1">{g.error}</p>}
        {g.refunded > 0 && (
          <p className="mt-1">
            {g.refunded === 1
              ? t("status.refundedOne", { count: g.refunded })
              : t("status.refundedMany", { count: g.refunded })}
          </p>
        )}
      </div>
    );

  if (!g)
    return (
      <ul className={`grid gap-3 ${cols}`} aria-busy="true" data-testid="skeletons">
        {Array.from({ length: live.count }, (_, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            key={i}
            className="relative animate-pulse overflow-hidden rounded-2xl bg-gradient-to-br from-slate-200 via-slate-100 to-slate-200"
            style={{ aspectRatio: `${w} / ${h}`, animationDelay: `${i * 150}ms` }}
          >
            <span className="sr-only">{t("results.loading", { index: i + 1 })}</span>
          </li>
        ))}
      </ul>
    );

  const count = g.images.length;
  return (
    <div>
      <ul className={`grid gap-3 ${cols}`} data-testid="results">
        {g.images.map((img, i) => (
          <li
            key={img.id}
            className="group relative overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200"
          >
            <button
              type="button"
              onClick={() => setOpen(i)}
              className="block w-full cursor-zoom-in focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
              aria-label={t("results.open", { index: i + 1 })}
            >
              <img
                src={img.url}
                alt={t("results.alt", { index: i + 1, count })}
                width={img.width}
                height={img.height}
                className="h-auto w-full"
                data-testid="result-image"
              />
            </button>
            {img.madeBy && (
              // which path made it: the CPU studio, or a diffusion model on a GPU server
              <span
                className={`pointer-events-none absolute top-2 left-2 rounded-full px-2 py-0.5 font-medium text-xs shadow ring-1 ${
                  img.madeBy === "generated"
                    ? "bg-violet-600 text-white ring-violet-700"
                    : "bg-white/95 text-slate-700 ring-slate-200"
                }`}
                data-testid="made-by"
              >
                {img.madeBy === "generated"
                  ? t("results.madeByGenerated")
                  : t("results.madeByStudio")}
              </span>
            )}
            <div className="pointer-events-none absolute right-2 bottom-2">
              <a
                href={img.downloadUrl}
                download
                className="pointer-events-auto inline-flex min-h-11 min-w-11 items-center justify-center rounded-full bg-white/95 text-slate-900 shadow ring-1 ring-slate-200 hover:bg-white"
                aria-label={t("results.downloadOne", { index: i + 1 })}
                data-testid="download-one"
              >
                <DownloadIcon className="h-5 w-5" />
              </a>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {g.zipUrl && count > 1 && (
          <a
            href={g.zipUrl}
            download
            className={buttonClass("secondary", "min-h-11")}
            data-testid="download-zip"
          >
            <DownloadIcon className="h-4 w-4" />
            {t("results.downloadAll")}
          </a>
        )}
        {g.refunded > 0 && (
          <p className="text-sm text-slate-600">
            {g.refunded === 1
              ? t("status.refundedOne", { count: g.refunded })
              : t("status.refundedMany", { count: g.refunded })}
          </p>
        )}
      </div>
      {open !== null && (
        <Lightbox images={g.images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}
