// Past generations, newest first, a page at a time: view, regenerate (same inputs), delete
// (after a confirmation).
import type { Generation } from "@studio/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../session/use-session.ts";
import { buttonClass } from "../../../ui/Button.tsx";
import { HISTORY_PAGE_SIZE, useHistory } from "../hooks/use-studio-queries.ts";
import { finished, statusText } from "../model/generation-status.ts";
import { DeleteConfirm } from "./DeleteConfirm.tsx";
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  ImageIcon,
  RefreshIcon,
  TrashIcon,
} from "./studio-icons.tsx";

/** photos delivered once finished; photos asked for while it runs */
const photos = (g: Generation) => (finished(g.status) ? g.images.length : g.count);

interface Props {
  onView: (g: Generation) => void;
  onRegenerate: (g: Generation) => void;
  /** the page stops showing a generation that was just deleted */
  onDeleted: (id: string) => void;
  busy: boolean;
  templateName: (id: string) => string;
  /** one app's history (the Clothing app shares this panel) */
  app?: "product" | "clothing";
  /** the item's title and tags when not the prompt, template and preset */
  describe?: (g: Generation) => { title: string; tags: string[] };
}

export function HistoryPanel({
  onView,
  onRegenerate,
  onDeleted,
  busy,
  templateName,
  app = "product",
  describe,
}: Props) {
  const { t, i18n } = useTranslation("product-app");
  const { session } = useSession();
  const [page, setPage] = useState(1);
  const [confirm, setConfirm] = useState<Generation | null>(null);
  const history = useHistory(session.loggedIn ? session.userId : "", page, app);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });

  let body: React.ReactNode;
  if (!session.loggedIn) body = <p className="text-sm text-slate-600">{t("history.loginToSee")}</p>;
  else if (history.isError)
    body = (
      <p role="alert" className="text-sm text-rose-700">
        {t("history.failed")}
      </p>
    );
  else if (!history.data) body = <div className="h-24 animate-pulse rounded-2xl bg-slate-100" />;
  else if (history.data.items.length === 0 && page === 1)
    body = <p className="text-sm text-slate-600">{t("history.empty")}</p>;
  else {
    const pages = Math.max(1, Math.ceil(history.data.total / HISTORY_PAGE_SIZE));
    if (page > pages) setPage(pages);
    const action =
      "inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold ring-1 ring-inset disabled:cursor-not-allowed disabled:opacity-50";
    body = (
      <>
        <ul className="grid gap-3 md:grid-cols-2" data-testid="history-list">
          {history.data.items.map((g) => (
            <li
              key={g.id}
              className="rounded-2xl bg-white p-3 ring-1 ring-slate-200"
              data-testid="history-item"
            >
              <button
                type="button"
                onClick={() => onView(g)}
                className="grid w-full grid-cols-4 gap-1.5 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                aria-label={t("history.view")}
              >
                {g.images.length > 0
                  ? g.images
                      .slice(0, 4)
                      .map((img, i) => (
                        <img
                          key={img.id}
                          src={img.url}
                          alt={t("history.thumbAlt", { index: i + 1 })}
                          loading="lazy"
                          data-testid="history-thumb"
                          className="aspect-square w-full rounded-lg bg-slate-100 object-cover"
                        />
                      ))
                  : Array.from({ length: Math.min(4, g.count) }, (_, i) => (
                      <span
                        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                        key={i}
                        className={`flex aspect-square items-center justify-center rounded-lg bg-slate-100 text-slate-400 ${finished(g.status) ? "" : "animate-pulse"}`}
                      >
                        <ImageIcon className="h-5 w-5" />
                      </span>
                    ))}
              </button>
              <div className="mt-2 flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">
                    {describe
                      ? describe(g).title
                      : g.prompt || (g.template ? templateName(g.template) : t("history.noPrompt"))}
                  </p>
                  <p className="mt-0.5 flex flex-wrap gap-1 text-[11px] font-medium text-slate-700">
                    {(describe
                      ? describe(g).tags
                      : [
                          t(`presets.${g.preset}`),
                          ...(g.template && g.prompt ? [templateName(g.template)] : []),
                        ]
                    ).map((tag) => (
                      <span key={tag} className="rounded-full bg-slate-100 px-2 py-0.5">
                        {tag}
                      </span>
                    ))}
                  </p>
                  <p className="mt-0.5 text-xs text-slate-600">
                    <time dateTime={g.createdAt}>{date.format(new Date(g.createdAt))}</time>
                    {" · "}
                    {photos(g) === 1
                      ? t("history.photosOne", { count: 1 })
                      : t("history.photosMany", { count: photos(g) })}
                    {!finished(g.status) || g.status === "failed"
                      ? ` · ${statusText(t, g.status, g.position)}`
                      : ""}
                  </p>
                </div>
              </div>
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  onClick={() => onRegenerate(g)}
                  disabled={busy}
                  className={`${action} bg-indigo-50 text-indigo-800 ring-indigo-200 hover:bg-indigo-100`}
                  data-testid="regenerate"
                >
                  <RefreshIcon className="h-4 w-4" />
                  {t("history.regenerate")}
                </button>
                <button
                  type="button"
                  onClick={() => setConfirm(g)}
                  disabled={!finished(g.status) && g.status !== "waitlisted"}
                  className={`${action} bg-white text-slate-700 ring-slate-300 hover:bg-rose-50 hover:text-rose-700`}
                  data-testid="delete"
                >
                  <TrashIcon className="h-4 w-4" />
                  {t("history.delete")}
                </button>
              </div>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav
            aria-label={t("history.nav")}
            className="mt-4 flex items-center justify-center gap-3"
          >
            <button
              type="button"
              className={buttonClass("secondary", "min-h-11")}
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
              aria-label={t("history.previous")}
              data-testid="history-prev"
            >
              <ChevronLeftIcon className="h-4 w-4" />
            </button>
            <span className="text-sm text-slate-700 tabular-nums" data-testid="history-page">
              {t("history.page", { page, pages })}
            </span>
            <button
              type="button"
              className={buttonClass("secondary", "min-h-11")}
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
              aria-label={t("history.next")}
              data-testid="history-next"
            >
              <ChevronRightIcon className="h-4 w-4" />
            </button>
          </nav>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="history-title" className="mt-10">
      <h2 id="history-title" className="text-lg font-semibold text-slate-900">
        {t("history.title")}
      </h2>
      <div className="mt-3">{body}</div>
      {confirm && (
        <DeleteConfirm
          generation={confirm}
          onClose={() => setConfirm(null)}
          onDeleted={() => onDeleted(confirm.id)}
        />
      )}
    </section>
  );
}
