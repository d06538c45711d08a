// A studio's photo (a product, a garment): picked, dropped or pasted → uploaded with progress
// → cut out by a job on the server, shown as soon as the job is done. An anonymous visitor's
// photo waits here until they log in (uploading needs an account: decision 0500), then goes up
// by itself.
import type { UploadResponse } from "@studio/contracts";
import type { TFunction } from "i18next";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/api-client.ts";
import { studioApi } from "../api/studio-api.ts";
import { checkFile, MAX_UPLOAD_MB } from "../model/upload-rules.ts";

export type ProductPhoto =
  | { phase: "idle"; error?: string }
  | { phase: "waiting-login"; name: string; preview: string; file: File }
  | { phase: "uploading"; name: string; preview: string; progress: number }
  | {
      phase: "uploaded";
      name: string;
      preview: string;
      upload: UploadResponse;
      cutout: "pending" | "ready" | "failed";
      cutoutError?: string;
    };

const CUTOUT_POLL_MS = 700;

export function usePhotoUpload(loggedIn: boolean, onNeedLogin: () => void) {
  const { t } = useTranslation("product-app");
  const [photo, setPhoto] = useState<ProductPhoto>({ phase: "idle" });
  const abort = useRef<AbortController | null>(null);
  const preview = useRef<string | null>(null);

  const revoke = useCallback(() => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
  }, []);

  const start = useCallback(
    (file: File, url: string) => {
      abort.current?.abort();
      const ctrl = new AbortController();
      abort.current = ctrl;
      setPhoto({ phase: "uploading", name: file.name, preview: url, progress: 0 });
      studioApi
        .upload(
          file,
          "product",
          (progress) =>
            !ctrl.signal.aborted &&
            setPhoto((p) => (p.phase === "uploading" ? { ...p, progress } : p)),
          ctrl.signal,
        )
        .then((upload) => {
          if (ctrl.signal.aborted) return;
          const cutout = upload.cutoutStatus === "none" ? "ready" : upload.cutoutStatus;
          setPhoto({ phase: "uploaded", name: file.name, preview: url, upload, cutout });
        })
        .catch((err: unknown) => {
          if (ctrl.signal.aborted) return;
          if (err instanceof ApiError && err.status === 401) {
            setPhoto({ phase: "waiting-login", name: file.name, preview: url, file });
            onNeedLogin();
            return;
          }
          revoke();
          setPhoto({ phase: "idle", error: uploadErrorText(err, t) });
        });
    },
    [onNeedLogin, revoke, t],
  );

  const choose = useCallback(
    (file: File) => {
      const problem = checkFile(file);
      if (problem) {
        setPhoto({
          phase: "idle",
          error:
            problem === "type"
              ? t("upload.wrongType")
              : t("upload.tooLarge", { mb: MAX_UPLOAD_MB }),
        });
        return;
      }
      revoke();
      const url = URL.createObjectURL(file);
      preview.current = url;
      if (!loggedIn) {
        setPhoto({ phase: "waiting-login", name: file.name, preview: url, file });
        onNeedLogin();
        return;
      }
      start(file, url);
    },
    [loggedIn, onNeedLogin, revoke, start, t],
  );

  /** the upload as the server answered after the seller corrected (or reset) its cut-out */
  const replace = useCallback((u: UploadResponse) => {
    setPhoto((p) =>
      p.phase === "uploaded" && p.upload.id === u.id
        ? {
            ...p,
            upload: u,
            cutout: u.cutoutStatus === "failed" ? "failed" : "ready",
            ...(u.cutoutError ? { cutoutError: u.cutoutError } : {}),
          }
        : p,
    );
  }, []);

  const clear = useCallback(() => {
    abort.current?.abort();
    revoke();
    setPhoto({ phase: "idle" });
  }, [revoke]);

  // the visitor logged in with a photo waiting: upload it now
  useEffect(() => {
    if (loggedIn && photo.phase === "waiting-login") start(photo.file, photo.preview);
  }, [loggedIn, photo, start]);

  // the cut-out is a job: ask until it is ready or failed
  const uploadId =
    photo.phase === "uploaded" && photo.cutout === "pending" ? photo.upload.id : null;
  useEffect(() => {
    if (!uploadId) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const u = await studioApi.getUpload(uploadId);
        if (stop) return;
        if (u.cutoutStatus !== "pending") {
          replace(u);
          return;
        }
      } catch {
        // a dropped request: ask again
      }
      if (!stop) timer = setTimeout(poll, CUTOUT_POLL_MS);
    };
    timer = setTimeout(poll, CUTOUT_POLL_MS);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [uploadId, replace]);

  useEffect(
    () => () => {
      abort.current?.abort();
      revoke();
    },
    [revoke],
  );

  return { photo, choose, clear, replace };
}

export function uploadErrorText(err: unknown, t: TFunction<"product-app">): string {
  if (err instanceof ApiError) {
    if (err.status === 413) return t("upload.tooLarge", { mb: MAX_UPLOAD_MB });
    if (err.status === 415) return t("upload.wrongType");
    if (err.status === 0) return t("errors.network");
    return t("upload.failed", { error: err.error || err.status });
  }
  return t("errors.network");
}
