// The blog's index, all articles or those of one tag (/blog/tags/<tag>), newest first.
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ExamplePhoto } from "../../marketing/ExamplePhoto.tsx";
import { exampleSet } from "../../marketing/examples.ts";
import { useUrlLanguage } from "../../marketing/use-locale-path.ts";
import { useDocumentTitle } from "../../ui/use-document-title.ts";
import NotFoundPage from "../not-found/NotFoundPage.tsx";
import { BlogPosts, BlogTags, postLanguage } from "./blog-posts.ts";
import { formatPostDate, TagLinks } from "./post-parts.tsx";

export default function BlogPage() {
  const { tag } = useParams();
  if (tag !== undefined && !BlogTags.includes(tag)) return <NotFoundPage />;
  return <BlogIndex tag={tag} />;
}

function BlogIndex({ tag }: { tag?: string }) {
  const { t, i18n } = useTranslation("blog");
  const { to } = useUrlLanguage();
  const heading = tag ? t("tagged", { tag: t(`tags.${tag}`) }) : t("title");
  useDocumentTitle(tag ? "blog:tagged" : "blog:title", tag ? { tag: t(`tags.${tag}`) } : undefined);
  const lng = postLanguage(i18n.language);
  const posts = tag ? BlogPosts.filter((p) => p.tags.includes(tag)) : BlogPosts;
  return (
    <div className="mx-auto max-w-7xl px-5 py-12 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl font-bold tracking-tight">{heading}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">{t("subtitle")}</p>
        </div>
        <a
          href={`${to("/blog")}/rss.xml`}
          className="text-sm font-semibold text-indigo-700 hover:underline"
        >
          {t("rss")}
        </a>
      </div>
      <nav aria-label={t("tagsLabel")} className="mt-6 flex flex-wrap gap-2">
        <Link
          to={to("/blog")}
          aria-current={tag ? undefined : "page"}
          className="rounded-full px-3 py-1 text-sm ring-1 ring-slate-200 hover:bg-slate-50 aria-[current=page]:bg-indigo-600 aria-[current=page]:text-white"
        >
          {t("allPosts")}
        </Link>
        {BlogTags.map((k) => (
          <Link
            key={k}
            to={to(`/blog/tags/${k}`)}
            aria-current={k === tag ? "page" : undefined}
            className="rounded-full px-3 py-1 text-sm ring-1 ring-slate-200 hover:bg-slate-50 aria-[current=page]:bg-indigo-600 aria-[current=page]:text-white"
          >
            {t(`tags.${k}`)}
          </Link>
        ))}
      </nav>
      <ul className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
        {posts.map((p) => {
          const text = p.i18n[lng];
          const cover = exampleSet(p.examples).results[0];
          return (
            <li key={p.slug}>
              <article className="flex h-full flex-col overflow-hidden rounded-3xl bg-white ring-1 ring-slate-200">
                {cover && (
                  <ExamplePhoto
                    image={cover}
                    alt={t("home:examples.resultAlt", {
                      scene: t(`home:examples.scenes.${cover.template}`),
                    })}
                    sizes="(min-width: 1024px) 30vw, (min-width: 768px) 45vw, 100vw"
                    className="aspect-[4/3]"
                  />
                )}
                <div className="flex flex-1 flex-col p-6">
                  <TagLinks tags={p.tags} />
                  <h2 className="mt-2 text-lg font-semibold">
                    <Link to={to(`/blog/${p.slug}`)} className="hover:text-indigo-700">
                      {text.title}
                    </Link>
                  </h2>
                  <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{text.description}</p>
                  <p className="mt-4 text-xs text-slate-500">
                    <time dateTime={p.date}>{formatPostDate(p.date, i18n.language)}</time>
                    {" · "}
                    {t("readingTime", { count: text.minutes })}
                  </p>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
