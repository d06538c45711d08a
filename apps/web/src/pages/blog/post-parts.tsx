import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUrlLanguage } from "../../marketing/use-locale-path.ts";

/** A post's date in the reader's language (Intl), e.g. "2 September 2026", "2026年9月2日". */
export function formatPostDate(date: string, lng: string): string {
  return new Intl.DateTimeFormat(lng, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export function TagLinks({ tags }: { tags: string[] }) {
  const { t } = useTranslation("blog");
  const { to } = useUrlLanguage();
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs font-semibold tracking-wide text-indigo-700 uppercase">
      {tags.map((k) => (
        <Link key={k} to={to(`/blog/tags/${k}`)} className="hover:underline">
          {t(`tags.${k}`)}
        </Link>
      ))}
    </p>
  );
}
