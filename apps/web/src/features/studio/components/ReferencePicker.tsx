// Step 2 (optional): reference images of a style or mood, within the plan's limit.
import { useTranslation } from "react-i18next";
import { useSession } from "../../../session/use-session.ts";
import type { useReferences } from "../hooks/use-references.ts";
import { ACCEPT } from "../model/upload-rules.ts";
import { PlusIcon, TrashIcon } from "./studio-icons.tsx";

interface Props {
  /** the studio's useReferences */
  references: Pick<ReturnType<typeof useReferences>, "refs" | "error" | "add" | "remove">;
  limit: number;
}

export function ReferencePicker({ references, limit }: Props) {
  const { t } = useTranslation("product-app");
  const { session } = useSession();
  const { refs, error } = references;
  return (
    <div>
      <p className="text-xs text-slate-500">
        {t("references.hint")} {t("references.limit", { count: refs.length, max: limit })}
      </p>
      <ul className="flex flex-wrap gap-4 pt-4 pr-3">
        {refs.map((r, i) => (
          <li
            key={r.key}
            className="relative h-16 w-16"
            data-testid="reference"
            data-ready={r.uploadId ? "true" : "false"}
          >
            <img
              src={r.preview}
              alt={t("references.alt", { index: i + 1 })}
              className={`h-16 w-16 rounded-xl object-cover ring-1 ring-slate-200 ${r.uploadId ? "" : "animate-pulse opacity-60"}`}
            />
            {!r.uploadId && <span className="sr-only">{t("references.uploading")}</span>}
            <button
              type="button"
              onClick={() => references.remove(r.key)}
              aria-label={t("references.remove", { index: i + 1 })}
              className="absolute -top-3 -right-3 flex h-9 w-9 items-center justify-center rounded-full bg-white text-slate-600 shadow ring-1 ring-slate-200 hover:text-rose-700"
            >
              <TrashIcon className="h-3.5 w-3.5" />
            </button>
          </li>
        ))}
        <li>
          <label className="flex h-16 w-16 cursor-pointer items-center justify-center rounded-xl border-2 border-dashed border-slate-300 text-slate-500 hover:border-indigo-400 hover:text-indigo-600 focus-within:border-indigo-500 focus-within:ring-4 focus-within:ring-indigo-100">
            <PlusIcon className="h-6 w-6" />
            <span className="sr-only">{t("references.add")}</span>
            <input
              type="file"
              accept={ACCEPT}
              multiple
              className="sr-only"
              data-testid="reference-input"
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                e.target.value = "";
                if (files.length) references.add(files, session.loggedIn);
              }}
            />
          </label>
        </li>
      </ul>
      {error && (
        <p role="alert" className="mt-2 text-sm text-rose-700" data-testid="reference-error">
          {error}
        </p>
      )}
    </div>
  );
}
