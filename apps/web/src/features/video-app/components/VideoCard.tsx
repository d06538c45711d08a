// One video: while it is made, its status text (waitlisted at position N, ETA), and a progress
// bar by frame; once done, the poster and the video playing inline, with a download link.
import type { Video } from "@studio/contracts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ProgressBar } from "../../studio/index.ts";

function statusLine(t: TFunction<"video-app">, v: Video): string {
  if (v.status === "waitlisted") return t("status.waitlisted", { position: v.position ?? 1 });
  return t(`status.${v.status}`);
}

export function VideoCard({ video: v, onDelete }: { video: Video; onDelete: (v: Video) => void }) {
  const { t } = useTranslation("video-app");
  const ratio = `${v.width} / ${v.height}`;
  const running = v.status !== "done" && v.status !== "failed";
  return (
    <li
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      data-testid="video-card"
      data-status={v.status}
    >
      <div
        className="bg-slate-900"
        style={{ aspectRatio: ratio, maxHeight: "28rem", marginInline: "auto" }}
      >
        {v.status === "done" && v.videoUrl ? (
          <video
            data-testid="video-player"
            className="h-full w-full object-contain"
            src={v.videoUrl}
            poster={v.posterUrl ?? undefined}
            controls
            playsInline
            muted
            loop
            preload="metadata"
          >
            <track kind="captions" />
          </video>
        ) : (
          <div className="flex h-full w-full flex-col items-center justify-center gap-3 p-6 text-center text-white">
            <p className="text-sm font-semibold" data-testid="video-status">
              {statusLine(t, v)}
            </p>
            {running && (
              <>
                <div className="w-full max-w-xs">
                  <ProgressBar
                    value={v.framesDone / v.framesTotal}
                    label={t("status.progress")}
                    testId="video-progress"
                  />
                </div>
                <p className="text-xs text-slate-300">
                  {t("status.frames", { done: v.framesDone, total: v.framesTotal })}
                  {v.etaSeconds !== undefined
                    ? ` · ${t("status.eta", { seconds: v.etaSeconds })}`
                    : ""}
                </p>
              </>
            )}
            {v.status === "failed" && (
              <p className="text-xs text-rose-200">{v.error ?? t("status.failed")}</p>
            )}
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 p-3 text-sm">
        <span className="font-medium">{t(`moves.${v.move}`)}</span>
        <span className="text-slate-500">
          {t("details", { seconds: v.seconds, aspect: v.aspect, fps: v.fps })}
        </span>
        <span className="ms-auto flex gap-2">
          {v.downloadUrl && (
            <a
              href={v.downloadUrl}
              download
              className="rounded-lg bg-slate-900 px-3 py-1.5 font-semibold text-white"
              data-testid="video-download"
            >
              {t("download")}
            </a>
          )}
          {!running || v.status === "waitlisted" ? (
            <button
              type="button"
              onClick={() => onDelete(v)}
              className="rounded-lg px-3 py-1.5 text-slate-600 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {t("delete")}
            </button>
          ) : null}
        </span>
      </div>
    </li>
  );
}
