// The Amazon main-image checker of /create/amazon-product-photography: one photo in, each
// rule Amazon checks shown as met or not, in the visitor's language, with the measured value.
import type { AmazonCheckResponse } from "@studio/contracts";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/api-client.ts";
import { CheckIcon, CloseIcon, UploadIcon } from "../../ui/icons.tsx";
import { CheckableTypes, CheckMaxBytes, checkAmazonImage } from "./amazon-check.api.ts";

type State =
  | { kind: "idle" }
  | { kind: "checking" }
  | { kind: "done"; report: AmazonCheckResponse }
  | { kind: "error"; message: string };

export function AmazonChecker() {
  const { t, i18n } = useTranslation("landing");
  const inputId = useId();
  const [state, setState] = useState<State>({ kind: "idle" });
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const percent = (v: number) =>
    new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 }).format(v);
  const number = (v: number) => new Intl.NumberFormat(i18n.language).format(v);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!CheckableTypes.includes(file.type)) {
      setState({ kind: "error", message: t("checker.badType") });
      return;
    }
    if (file.size > CheckMaxBytes) {
      setState({ kind: "error", message: t("checker.tooLarge", { mb: CheckMaxBytes / 1048576 }) });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setState({ kind: "checking" });
    try {
      setState({ kind: "done", report: await checkAmazonImage(file) });
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      setState({
        kind: "error",
        message: t(
          status === 422
            ? "checker.unreadable"
            : status === 429
              ? "checker.tooMany"
              : "checker.failed",
        ),
      });
    }
  };

  const rules = (r: AmazonCheckResponse) => {
    const m = r.metrics;
    const longest = Math.max(m.width, m.height);
    return [
      {
        key: "size",
        ok: longest >= 1000,
        value: t("checker.sizeValue", { w: number(m.width), h: number(m.height) }),
      },
      { key: "white", ok: m.whiteBorder >= 0.99 && !m.transparent, value: percent(m.whiteBorder) },
      { key: "fill", ok: m.fill >= 0.85, value: percent(m.fill) },
      {
        key: "format",
        ok: ["jpeg", "png", "tiff", "gif"].includes(m.format ?? ""),
        value: (m.format ?? "?").toUpperCase(),
      },
    ];
  };

  return (
    <section
      id="amazon-checker"
      aria-labelledby={`${inputId}-title`}
      className="mx-auto max-w-5xl px-5 py-12 sm:px-6"
      data-testid="amazon-checker"
    >
      <div className="rounded-3xl bg-amber-50 p-6 ring-1 ring-amber-200 sm:p-10">
        <h2 id={`${inputId}-title`} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("checker.title")}
        </h2>
        <p className="mt-2 max-w-2xl text-slate-700">{t("checker.subtitle")}</p>
        <label
          htmlFor={inputId}
          className="mt-6 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-amber-300 bg-white px-6 py-8 text-center hover:border-amber-500 focus-within:ring-2 focus-within:ring-indigo-500"
        >
          <UploadIcon className="h-8 w-8 text-amber-600" />
          <span className="font-semibold text-slate-900">{t("checker.choose")}</span>
          <span className="text-sm text-slate-600">{t("checker.hint")}</span>
          <input
            id={inputId}
            type="file"
            accept={CheckableTypes.join(",")}
            className="sr-only"
            data-testid="amazon-checker-input"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
        <div aria-live="polite" className="mt-6">
          {state.kind === "checking" && (
            <p className="text-sm text-slate-700">{t("checker.checking")}</p>
          )}
          {state.kind === "error" && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {state.message}
            </p>
          )}
          {state.kind === "done" && (
            <div className="grid gap-6 sm:grid-cols-[1fr_2fr]" data-testid="amazon-checker-result">
              {preview && (
                <img
                  src={preview}
                  alt={t("checker.yourPhoto")}
                  className="w-full rounded-2xl ring-1 ring-slate-200"
                />
              )}
              <div>
                <p
                  className={`text-lg font-bold ${state.report.ok ? "text-emerald-700" : "text-red-700"}`}
                  data-testid="amazon-checker-verdict"
                >
                  {state.report.ok ? t("checker.pass") : t("checker.fail")}
                </p>
                <ul className="mt-3 space-y-2">
                  {rules(state.report).map((r) => (
                    <li
                      key={r.key}
                      className="flex items-start gap-2 text-sm"
                      data-rule={r.key}
                      data-ok={r.ok}
                    >
                      {r.ok ? (
                        <CheckIcon className="mt-0.5 h-4 w-4 flex-none text-emerald-600" />
                      ) : (
                        <CloseIcon className="mt-0.5 h-4 w-4 flex-none text-red-600" />
                      )}
                      <span>
                        <span className="font-medium">{t(`checker.rules.${r.key}`)}</span>
                        {" — "}
                        {t("checker.measured", { value: r.value })}
                      </span>
                    </li>
                  ))}
                </ul>
                <p className="mt-4 text-xs text-slate-600">{t("checker.manual")}</p>
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
