// /photo-credits: where the photographs in the sets come from (issue 27). Every file of the CC0
// pack grouped by kind, with its first publisher, licence and the public copy it is fetched
// from; linked from the footer. The list comes from the server's manifest, not the bundle.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { WithQueries } from "../../app/WithQueries.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";
import { type PhotoKind, type PhotoMaterial, photoMaterial } from "./photo-material-api.ts";

/** the order people read them in: what a set is made of first, its helpers last */
const KINDS: PhotoKind[] = [
  "plate",
  "panorama",
  "surface",
  "wall",
  "prop-model",
  "prop-cutout",
  "prop-texture",
  "surface-map",
];

/** "Poly Haven immenstadter_horn" → "Poly Haven": the publishers named in the summary */
const publisher = (origin: string) =>
  /^(Poly Haven|ambientCG|Smithsonian|NASA|Wikimedia Commons|Unsplash|Pexels)/i.exec(origin)?.[1] ??
  origin.split(/[ (]/)[0] ??
  origin;

export default function PhotoCreditsPage() {
  // react-query is loaded with the pages that use it, not at the app's root
  return (
    <WithQueries>
      <Credits />
    </WithQueries>
  );
}

function Credits() {
  const { t } = useTranslation("photo-credits");
  useDocumentTitle("photo-credits:title");
  const q = useQuery({ queryKey: ["photo-material"], queryFn: photoMaterial, staleTime: 300_000 });

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold text-indigo-700">{t("eyebrow")}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
        <p className="mt-4 text-slate-600">{t("intro")}</p>
        <p className="mt-3 text-slate-600">{t("fetch")}</p>
      </header>
      {q.isPending && <p className="mt-10 text-slate-500">{t("loading")}</p>}
      {q.isError && (
        <p role="alert" className="mt-10 text-red-700">
          {t("failed")}
        </p>
      )}
      {q.data && <Material data={q.data} />}
    </div>
  );
}

function Material({ data }: { data: PhotoMaterial }) {
  const { t } = useTranslation("photo-credits");
  const { pack, entries } = data;
  const publishers = [...new Set(entries.map((e) => publisher(e.origin)))];
  const repos = new Set(entries.map((e) => e.repo)).size;
  return (
    <>
      <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label={t("figures.files")} value={String(entries.length)} />
        <Figure label={t("figures.publishers")} value={String(publishers.length)} />
        <Figure label={t("figures.repos")} value={String(repos)} />
        <Figure
          label={t("figures.here")}
          value={t("figures.hereValue", {
            present: pack.presentFiles,
            files: pack.files,
          })}
        />
      </dl>
      <p className="mt-4 text-sm text-slate-500">
        {pack.complete ? t("state.complete") : t("state.incomplete")}
      </p>
      <nav aria-label={t("kindsNav")} className="mt-8 flex flex-wrap gap-2">
        {KINDS.filter((k) => entries.some((e) => e.kind === k)).map((k) => (
          <a
            key={k}
            href={`#${k}`}
            className="rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-700 hover:border-indigo-300 hover:text-indigo-700"
          >
            {t(`kinds.${k}`)} · {entries.filter((e) => e.kind === k).length}
          </a>
        ))}
      </nav>
      {KINDS.map((kind) => {
        const of = entries.filter((e) => e.kind === kind);
        if (!of.length) return null;
        return (
          <section key={kind} id={kind} className="mt-12 scroll-mt-24">
            <h2 className="text-xl font-semibold tracking-tight">
              {t(`kinds.${kind}`)} <span className="text-slate-400">({of.length})</span>
            </h2>
            <p className="mt-1 text-sm text-slate-500">{t(`kindNotes.${kind}`)}</p>
            <ul className="mt-4 divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
              {of.map((e) => (
                <li
                  key={e.file}
                  className="grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:gap-6"
                >
                  <div className="min-w-0">
                    <p className="text-sm text-slate-900 first-letter:uppercase">
                      {e.subject.split(";")[0]}
                    </p>
                    <p className="truncate font-mono text-xs text-slate-400" title={e.file}>
                      {e.file.split("/").pop()}
                    </p>
                  </div>
                  <p className="min-w-0 text-sm text-slate-600">
                    <span className="sr-only">{t("columns.origin")}: </span>
                    {e.origin}
                  </p>
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800">
                      {e.licence}
                    </span>
                    <a
                      className="text-indigo-700 hover:underline"
                      href={`https://github.com/${e.repo}`}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {e.repo}
                    </a>
                    <a
                      className="text-indigo-700 hover:underline"
                      href={e.rawUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {t("columns.file")}
                    </a>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
