// Under the prompt box: what the engine understood (camera, place, light, props) as chips,
// and the words it cannot build yet, so a seller knows before paying coins. Asked of the
// server 400 ms after typing stops; stale answers are dropped.
import type { PromptPlanResponse } from "@studio/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { studioApi } from "../api/studio-api.ts";

const DEBOUNCE_MS = 400;

export function PromptPlanHint({ prompt }: { prompt: string }) {
  const { t } = useTranslation("product-app");
  const [plan, setPlan] = useState<PromptPlanResponse | null>(null);
  const text = prompt.trim();
  useEffect(() => {
    if (!text) {
      setPlan(null);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      studioApi
        .promptPlan(text, abort.signal)
        .then((p) => {
          if (!abort.signal.aborted) setPlan(p);
        })
        // a hint, never a blocker: on error the box simply shows nothing
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text]);
  if (!text || !plan) return null;
  const label = (group: string, key: string) => t(`brief.${group}.${key}`, { defaultValue: key });
  const chips = [
    ...(plan.camera ? [label("camera", plan.camera)] : []),
    ...(plan.setting ? [label("setting", plan.setting)] : []),
    ...(plan.surface ? [label("surface", plan.surface)] : []),
    ...plan.lights.map((l) => label("light", l)),
    ...(plan.season ? [label("season", plan.season)] : []),
    ...(plan.holiday ? [label("holiday", plan.holiday)] : []),
    ...(plan.mood ? [label("mood", plan.mood)] : []),
    ...plan.props.map((p) => label("prop", p)),
    // a sofa or a car: the set is built at its size, on a floor or the ground
    ...(plan.stands !== "table" ? [label("stands", plan.stands)] : []),
  ];
  return (
    <div className="mt-2 space-y-1.5" data-testid="prompt-plan" aria-live="polite">
      {chips.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5 text-xs">
          <span className="font-medium text-slate-600">{t("brief.understood")}</span>
          {plan.palette.map((c) => (
            <span
              key={c}
              title={c}
              className="inline-block size-4 rounded-full ring-1 ring-slate-300"
              style={{ backgroundColor: c }}
            />
          ))}
          {chips.map((c) => (
            <span
              key={c}
              className="rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 ring-1 ring-emerald-200"
            >
              {c}
            </span>
          ))}
        </div>
      )}
      {plan.unused.length > 0 && (
        <p className="text-xs text-amber-800" data-testid="prompt-unused">
          <span className="font-medium">{t("brief.unused")}: </span>
          {plan.unused.join(", ")}
        </p>
      )}
    </div>
  );
}
