// The studios' results column: the live status and the photos of the generation on screen, or
// what stands there before the first one, with one polite live region for the whole wait.
import { isExpress } from "@studio/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../session/use-session.ts";
import type { LiveGeneration } from "../hooks/use-live-generation.ts";
import { statusText } from "../model/generation-status.ts";
import { LiveStatus } from "./LiveStatus.tsx";
import { ResultsGrid } from "./ResultsGrid.tsx";

export function StudioResults({
  headingId,
  live,
  aspect,
  empty,
}: {
  /** the heading's id: the studio scrolls it into view when a generation starts */
  headingId: string;
  live: LiveGeneration | null;
  /** the photos' shape when it is not the preset's (the Clothing app's portrait frames) */
  aspect?: [number, number];
  /** shown before the first generation */
  empty: ReactNode;
}) {
  const { t } = useTranslation("product-app");
  // the seller's first generations are express (contracts' isExpress): the status says so
  const express = isExpress(useSession().session.imageGenerated);
  return (
    <section
      aria-labelledby={headingId}
      className="min-h-80 rounded-3xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5 lg:sticky lg:top-20"
    >
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {t("results.title")}
      </h2>
      {/* one polite live region for the whole wait: status changes, then 'ready' or 'failed' */}
      <p role="status" className="sr-only" data-testid="status-announcer">
        {live
          ? live.status === "done"
            ? t("status.announceDone")
            : statusText(t, live.status, live.position)
          : ""}
      </p>
      {live ? (
        <div className="space-y-4">
          <LiveStatus live={live} express={express} />
          <ResultsGrid key={live.id} live={live} aspect={aspect} />
        </div>
      ) : (
        empty
      )}
    </section>
  );
}
