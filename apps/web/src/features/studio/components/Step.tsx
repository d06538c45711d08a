import type { ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/** one numbered step of the left column, labelled for assistive technology */
export function Step({
  n,
  title,
  optional,
  children,
}: {
  n: number;
  title: string;
  optional?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("product-app");
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span
          aria-hidden="true"
          className="flex h-6 w-6 items-center justify-center rounded-full bg-indigo-600 text-xs font-bold text-white"
        >
          {n}
        </span>
        {title}
        {optional && <span className="text-xs font-normal text-slate-500">({t("optional")})</span>}
      </h2>
      {children}
    </section>
  );
}
