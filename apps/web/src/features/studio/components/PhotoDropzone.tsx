// Step 1: the product photo. Drop, pick or paste; a progress bar while it goes up; then the
// cut-out on a checkerboard as soon as the server's cut-out job is done.
import { type DragEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { UploadIcon } from "../../../ui/icons.tsx";
import type { ProductPhoto } from "../hooks/use-photo-upload.ts";
import { ACCEPT, firstImage, MAX_UPLOAD_MB } from "../model/upload-rules.ts";
import { BrushIcon } from "./editor-icons.tsx";
import { ProgressBar } from "./ProgressBar.tsx";
import { TrashIcon } from "./studio-icons.tsx";

export const checkerboard =
  "bg-[conic-gradient(#e2e8f0_25%,#fff_0_50%,#e2e8f0_0_75%,#fff_0)] bg-[length:20px_20px]";

interface Props {
  photo: ProductPhoto;
  onFile: (file: File) => void;
  onClear: () => void;
  /** open the cut-out editor (when the cut-out is ready, or failed and can be drawn) */
  onEdit?: () => void;
  /** what the empty zone asks for (default: a product photo) */
  dropLabel?: string;
}

export function PhotoDropzone({ photo, onFile, onClear, onEdit, dropLabel }: Props) {
  const { t } = useTranslation("product-app");
  const [over, setOver] = useState(false);
  const inputId = useId();

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = firstImage(e.dataTransfer.items) ?? e.dataTransfer.files[0];
    if (file) onFile(file);
  };
  const dragProps = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop,
  };
  const input = (
    <input
      id={inputId}
      type="file"
      accept={ACCEPT}
      className="sr-only"
      data-testid="photo-input"
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = "";
        if (file) onFile(file);
      }}
    />
  );

  if (photo.phase === "idle")
    return (
      <div>
        <label
          htmlFor={inputId}
          {...dragProps}
          data-testid="dropzone"
          className={`flex min-h-52 cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed p-6 text-center transition focus-within:border-indigo-500 focus-within:ring-4 focus-within:ring-indigo-100 ${over ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-slate-50 hover:border-indigo-400 hover:bg-indigo-50/40"}`}
        >
          <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-white text-indigo-600 shadow-sm ring-1 ring-slate-200">
            <UploadIcon className="h-6 w-6" />
          </span>
          <span className="text-sm font-semibold text-slate-900">
            {over ? t("upload.dropNow") : (dropLabel ?? t("upload.drop"))}
          </span>
          <span className="text-xs text-slate-500">{t("upload.or")}</span>
          <span className="rounded-xl bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm">
            {t("upload.pick")}
          </span>
          <span className="mt-1 text-xs text-slate-500">
            {t("upload.hint", { mb: MAX_UPLOAD_MB })} {t("upload.paste")}
          </span>
          {input}
        </label>
        {photo.error && (
          <p role="alert" className="mt-2 text-sm text-rose-700" data-testid="upload-error">
            {photo.error}
          </p>
        )}
      </div>
    );

  const ready = photo.phase === "uploaded" && photo.cutout === "ready";
  const failed = photo.phase === "uploaded" && photo.cutout === "failed";
  const cutting = photo.phase === "uploaded" && photo.cutout === "pending";
  return (
    <div {...dragProps} data-testid="photo-card">
      <div
        className={`relative flex aspect-square items-center justify-center overflow-hidden rounded-2xl ring-1 ring-slate-200 ${ready ? checkerboard : "bg-slate-100"} ${over ? "ring-2 ring-indigo-500" : ""}`}
      >
        {ready && photo.upload.cutoutUrl ? (
          <img
            src={photo.upload.cutoutUrl}
            alt={t("upload.cutoutAlt")}
            data-testid="cutout"
            className="h-full w-full object-contain p-3 drop-shadow-xl"
          />
        ) : (
          <img
            src={photo.preview}
            alt={t("upload.originalAlt")}
            className={`h-full w-full object-contain p-3 ${photo.phase === "uploaded" && !failed ? "animate-pulse opacity-70" : ""} ${photo.phase === "uploading" || photo.phase === "waiting-login" ? "opacity-60" : ""}`}
          />
        )}
        {cutting && (
          <span className="absolute inset-x-3 bottom-3 flex items-center justify-center gap-2 rounded-xl bg-white/90 px-3 py-2 text-sm font-medium text-slate-800 shadow-sm backdrop-blur">
            <span className="h-3 w-3 animate-spin rounded-full border-2 border-indigo-600 border-t-transparent" />
            {t("upload.cutting")}
          </span>
        )}
      </div>
      <div className="mt-3 space-y-2" aria-live="polite">
        {photo.phase === "uploading" && (
          <>
            <p className="truncate text-sm text-slate-700">
              {t("upload.uploading", { name: photo.name })}
            </p>
            <ProgressBar
              value={photo.progress}
              label={t("upload.progress")}
              testId="upload-progress"
            />
          </>
        )}
        {photo.phase === "waiting-login" && (
          <p className="text-sm text-amber-800">{t("upload.loginFirst")}</p>
        )}
        {ready && (
          <p className="text-sm font-medium text-emerald-700" data-testid="cutout-ready">
            {photo.upload.cutoutEdited ? t("upload.edited") : t("upload.cutoutReady")}{" "}
            <span className="font-normal text-slate-500">
              {t("upload.size", { width: photo.upload.width, height: photo.upload.height })}
            </span>
          </p>
        )}
        {failed && (
          <p role="alert" className="text-sm text-rose-700">
            {t("upload.cutoutFailed", { error: photo.cutoutError ?? "" })}
          </p>
        )}
      </div>
      {(ready || failed) && onEdit && (
        <button
          type="button"
          onClick={onEdit}
          data-testid="fix-cutout"
          className="mt-3 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl bg-indigo-50 px-4 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 ring-inset hover:bg-indigo-100"
        >
          <BrushIcon className="h-4 w-4" />
          {t("upload.fix")}
        </button>
      )}
      <div className="mt-3 flex gap-2">
        <label
          htmlFor={inputId}
          className="inline-flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl bg-white px-4 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-within:ring-2 focus-within:ring-indigo-600"
        >
          <UploadIcon className="h-4 w-4" />
          {t("upload.replace")}
          {input}
        </label>
        <button
          type="button"
          onClick={onClear}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-xl text-slate-600 ring-1 ring-slate-300 ring-inset hover:bg-rose-50 hover:text-rose-700"
          aria-label={t("upload.remove")}
        >
          <TrashIcon className="h-5 w-5" />
        </button>
      </div>
    </div>
  );
}
