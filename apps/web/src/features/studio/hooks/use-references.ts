// Optional reference images, uploaded as they are added. The tier's limit (contracts' plan-rules.ts) is
// checked before anything is sent: the 'Too many reference image used' message, and on the
// free plan the reference-limit modal.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { studioApi } from "../api/studio-api.ts";
import { checkFile, MAX_UPLOAD_MB } from "../model/upload-rules.ts";
import { uploadErrorText } from "./use-photo-upload.ts";

export interface Reference {
  key: string;
  preview: string;
  uploadId: string | null;
  progress: number;
}

let seq = 0;

export function useReferences(limit: number, onLimit: () => void, onNeedLogin: () => void) {
  const { t } = useTranslation("product-app");
  const [refs, setRefs] = useState<Reference[]>([]);
  const [error, setError] = useState<string | null>(null);
  const live = useRef(refs);
  live.current = refs;

  const add = useCallback(
    (files: File[], loggedIn: boolean) => {
      if (!loggedIn) return onNeedLogin();
      if (live.current.length + files.length > limit) {
        setError(t("references.tooMany"));
        onLimit();
        return;
      }
      setError(null);
      for (const file of files) {
        const problem = checkFile(file);
        if (problem) {
          setError(
            problem === "type"
              ? t("upload.wrongType")
              : t("upload.tooLarge", { mb: MAX_UPLOAD_MB }),
          );
          continue;
        }
        seq += 1;
        const key = `ref-${seq}`;
        const preview = URL.createObjectURL(file);
        setRefs((r) => [...r, { key, preview, uploadId: null, progress: 0 }]);
        const update = (patch: Partial<Reference>) =>
          setRefs((r) => r.map((x) => (x.key === key ? { ...x, ...patch } : x)));
        studioApi
          .upload(file, "reference", (progress) => update({ progress }))
          .then((u) => update({ uploadId: u.id, progress: 1 }))
          .catch((err: unknown) => {
            setError(uploadErrorText(err, t));
            URL.revokeObjectURL(preview);
            setRefs((r) => r.filter((x) => x.key !== key));
          });
      }
    },
    [limit, onLimit, onNeedLogin, t],
  );

  const remove = useCallback((key: string) => {
    setRefs((r) => {
      const gone = r.find((x) => x.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return r.filter((x) => x.key !== key);
    });
    setError(null);
  }, []);

  const clear = useCallback(() => {
    for (const r of live.current) URL.revokeObjectURL(r.preview);
    setRefs([]);
    setError(null);
  }, []);

  useEffect(
    () => () => {
      for (const r of live.current) URL.revokeObjectURL(r.preview);
    },
    [],
  );

  return {
    refs,
    error,
    add,
    remove,
    clear,
    uploading: refs.some((r) => r.uploadId === null),
    ids: refs.flatMap((r) => (r.uploadId ? [r.uploadId] : [])),
  };
}
