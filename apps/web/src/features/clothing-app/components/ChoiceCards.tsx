// A labelled radio group drawn as cards (kinds, styles): one tap target per choice, 44 px high
// at least, the arrow keys move between them as in any radio group.
interface Choice<V extends string> {
  value: V;
  label: string;
  hint?: string;
  disabled?: boolean;
}

export function ChoiceCards<V extends string>({
  name,
  label,
  choices,
  value,
  onChange,
  columns = "grid-cols-2 sm:grid-cols-3",
  testId,
}: {
  name: string;
  label: string;
  choices: Choice<V>[];
  value: V;
  onChange: (v: V) => void;
  columns?: string;
  testId?: string;
}) {
  return (
    <div
      className={`grid gap-2 ${columns}`}
      role="radiogroup"
      aria-label={label}
      data-testid={testId}
    >
      {choices.map((c) => {
        const checked = value === c.value;
        return (
          <label
            key={c.value}
            data-value={c.value}
            className={`flex min-h-11 min-w-0 flex-col justify-center break-words rounded-xl px-3 py-2 ring-1 transition has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-indigo-300 ${c.disabled ? "cursor-not-allowed opacity-50" : "cursor-pointer"} ${checked ? "bg-indigo-50 ring-2 ring-indigo-600" : "bg-white ring-slate-300 hover:ring-indigo-300"}`}
          >
            <input
              type="radio"
              name={name}
              value={c.value}
              className="sr-only"
              checked={checked}
              disabled={c.disabled}
              onChange={() => onChange(c.value)}
            />
            <span className="text-sm font-semibold text-slate-900">{c.label}</span>
            {c.hint && <span className="text-[11px] leading-tight text-slate-600">{c.hint}</span>}
          </label>
        );
      })}
    </div>
  );
}
