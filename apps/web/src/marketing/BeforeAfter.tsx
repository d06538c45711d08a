// An example as it should be judged: the seller's original photo beside what the engine made
// from it (scripts/marketing-photos.ts).
import { useTranslation } from "react-i18next";
import { ExamplePhoto } from "./ExamplePhoto.tsx";
import { type ExampleSetId, exampleSet } from "./examples.ts";

export function BeforeAfter({
  set: id,
  eager = false,
  tone = "light",
}: {
  set: ExampleSetId;
  eager?: boolean;
  tone?: "light" | "dark";
}) {
  const { t } = useTranslation("home");
  const set = exampleSet(id);
  const caption = tone === "dark" ? "text-slate-300" : "text-slate-600";
  const single = set.results.length === 1;
  return (
    <figure className="grid grid-cols-[2fr_3fr] items-start gap-2 sm:gap-3" data-example-set={id}>
      <div className="relative">
        <ExamplePhoto
          image={set.original}
          alt={t(`examples.photos.${set.photo}`)}
          // the original takes 2/5 of the figure, which is the column's full width below lg
          sizes="(min-width: 1024px) 20vw, 40vw"
          eager={eager}
          className="aspect-square rounded-2xl ring-1 ring-slate-900/10"
        />
        <span className="absolute top-2 left-2 rounded-full bg-white/90 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-slate-800 shadow">
          {t("examples.original")}
        </span>
      </div>
      <ul
        className={single ? "grid grid-cols-1 gap-2 sm:gap-3" : "grid grid-cols-2 gap-2 sm:gap-3"}
      >
        {set.results.map((r) => {
          const scene = t(`examples.scenes.${r.template}`);
          return (
            <li key={r.template}>
              <ExamplePhoto
                image={r}
                alt={t("examples.resultAlt", { scene })}
                sizes={single ? "(min-width: 1024px) 30vw, 60vw" : "(min-width: 1024px) 15vw, 30vw"}
                eager={eager}
                className="aspect-square rounded-2xl shadow-md ring-1 ring-slate-900/5"
              />
              <p className={`mt-1 text-xs font-medium ${caption}`}>{scene}</p>
            </li>
          );
        })}
      </ul>
      <figcaption className={`col-span-2 text-xs ${caption}`}>{t("examples.madeBy")}</figcaption>
    </figure>
  );
}
