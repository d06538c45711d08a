// The page both studios share (the Product app and the Clothing app): the title with its
// actions, the maintenance notice, the numbered steps on the left and the results on the right
// (one column at phone widths), then whatever follows (the history, the editor).
import type { ReactNode } from "react";
import { MaintenanceNotice } from "./MaintenanceNotice.tsx";

export function StudioLayout({
  title,
  subtitle,
  actions,
  steps,
  stepsClassName,
  results,
  children,
}: {
  title: string;
  subtitle: string;
  /** beside the title: the app switcher, and the plans button in the Clothing app */
  actions: ReactNode;
  steps: ReactNode;
  /** added to the steps column's classes (the Clothing app's cards may shrink: min-w-0) */
  stepsClassName?: string;
  results: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-600">{subtitle}</p>
        </div>
        {actions}
      </div>
      <div className="mt-4">
        <MaintenanceNotice />
      </div>
      <div className="mt-4 grid items-start gap-6 lg:grid-cols-[minmax(0,27rem)_minmax(0,1fr)]">
        <div
          className={`${stepsClassName ? `${stepsClassName} ` : ""}space-y-6 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5`}
        >
          {steps}
        </div>
        {results}
      </div>
      {children}
    </div>
  );
}
