// Step 3: the prompt, with ideas in the user's language one click away.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PromptPlanHint } from "./PromptPlanHint.tsx";

export const PROMPT_MAX = 1000;
const ideas = ["s1", "s2", "s3", "s4", "s5", "s6"] as const;

export function PromptBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation("product-app");
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {t("prompt.label")}
      </label>
      <textarea
        id={id}
        rows={3}
        value={value}
        maxLength={PROMPT_MAX}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t("prompt.placeholder")}
        data-testid="prompt"
        className="block w-full resize-y rounded-xl border-0 px-3 py-2.5 text-base shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:outline-none sm:text-sm"
      />
      <div className="mt-1 flex justify-end text-xs text-slate-500 tabular-nums">
        {t("prompt.count", { count: value.length, max: PROMPT_MAX })}
      </div>
      <PromptPlanHint prompt={value} />
      <p className="mt-3 text-xs font-medium text-slate-600" id={`${id}-ideas`}>
        {t("prompt.suggestions")}
      </p>
      <ul aria-labelledby={`${id}-ideas`} className="mt-1.5 flex flex-wrap gap-2">
        {ideas.map((k) => {
          const text = t(`prompt.${k}`);
          return (
            <li key={k}>
              <button
                type="button"
                onClick={() => onChange(text)}
                aria-pressed={value === text}
                className={`min-h-11 rounded-full px-3 py-1.5 text-left sm:min-h-9 text-xs font-medium ring-1 transition ${value === text ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-indigo-50 hover:ring-indigo-300"}`}
              >
                {text}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
