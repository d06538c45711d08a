// Full-screen view of the photos: arrow keys step through them, Escape closes, and Headless
// UI's Dialog keeps the focus inside while it is open.
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { GenerationImage } from "@studio/contracts";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "../../../ui/icons.tsx";
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon } from "./studio-icons.tsx";

interface Props {
  images: GenerationImage[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}

export function Lightbox({ images, index, onIndex, onClose }: Props) {
  const { t } = useTranslation("product-app");
  const count = images.length;
  const step = (d: number) => onIndex((index + d + count) % count);
  // on the window: the arrows work wherever the focus sits inside the dialog
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
      e.preventDefault();
      onIndex((index + (e.key === "ArrowRight" ? 1 : -1) + count) % count);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [count, index, onIndex]);
  // a horizontal swipe on a phone steps like the arrows
  const touchX = useRef<number | null>(null);
  const img = images[index];
  if (!img) return null;
  const round =
    "inline-flex h-12 w-12 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/20 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white";
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-950/95 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-2 sm:p-6">
        <DialogPanel className="flex h-full w-full max-w-6xl flex-col" data-testid="lightbox">
          <div className="flex items-center justify-between gap-2 text-white">
            <DialogTitle className="text-sm font-medium tabular-nums" data-testid="lightbox-title">
              {t("lightbox.label", { index: index + 1, count })}
            </DialogTitle>
            <div className="flex gap-2">
              <a
                href={img.downloadUrl}
                download
                className={round}
                aria-label={t("results.downloadOne", { index: index + 1 })}
              >
                <DownloadIcon className="h-5 w-5" />
              </a>
              <button
                type="button"
                onClick={onClose}
                className={round}
                aria-label={t("lightbox.close")}
              >
                <CloseIcon className="h-5 w-5" />
              </button>
            </div>
          </div>
          <div
            className="relative mt-3 flex min-h-0 flex-1 touch-pan-y items-center justify-center"
            onTouchStart={(e) => {
              touchX.current = e.touches[0]?.clientX ?? null;
            }}
            onTouchEnd={(e) => {
              const start = touchX.current;
              const end = e.changedTouches[0]?.clientX;
              touchX.current = null;
              if (start === null || end === undefined || Math.abs(end - start) < 50) return;
              step(end < start ? 1 : -1);
            }}
          >
            <img
              src={img.url}
              alt={t("results.alt", { index: index + 1, count })}
              className="max-h-full max-w-full rounded-xl object-contain shadow-2xl"
              data-testid="lightbox-image"
            />
            {count > 1 && (
              <>
                <button
                  type="button"
                  onClick={() => step(-1)}
                  className={`${round} absolute left-1 sm:left-2`}
                  aria-label={t("lightbox.previous")}
                >
                  <ChevronLeftIcon className="h-6 w-6" />
                </button>
                <button
                  type="button"
                  onClick={() => step(1)}
                  className={`${round} absolute right-1 sm:right-2`}
                  aria-label={t("lightbox.next")}
                >
                  <ChevronRightIcon className="h-6 w-6" />
                </button>
              </>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
