// One article: its Markdown body (prerendered, then hydrated from the same chunk), the engine's
// before/after examples it talks about, and the next articles.
import { Suspense, use } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { BeforeAfter } from "../../marketing/BeforeAfter.tsx";
import { useUrlLanguage } from "../../marketing/use-locale-path.ts";
import { buttonClass } from "../../ui/Button.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";
import { useStartCreating } from "../home/use-start-creating.ts";
import NotFoundPage from "../not-found/NotFoundPage.tsx";
import { BlogPosts, findPost, type PostLanguage, postBody, postLanguage } from "./blog-posts.ts";
import { formatPostDate, TagLinks } from "./post-parts.tsx";

export default function BlogPostPage() {
  const { slug = "" } = useParams();
  const post = findPost(slug);
  if (!post) return <NotFoundPage />;
  return <Article slug={post.slug} />;
}

function Article({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation("blog");
  const { to } = useUrlLanguage();
  const start = useStartCreating();
  const post = findPost(slug);
  const lng = postLanguage(i18n.language);
  const text = post?.i18n[lng];
  useDocumentTitle("blog:postTitle", { title: text?.title ?? "" });
  if (!post || !text) return null;
  const others = BlogPosts.filter((p) => p.slug !== slug).slice(0, 3);
  return (
    <article className="mx-auto max-w-3xl px-5 py-12 sm:px-6">
      <Link to={to("/blog")} className="text-sm font-semibold text-indigo-700 hover:underline">
        ← {t("backToBlog")}
      </Link>
      <div className="mt-6">
        <TagLinks tags={post.tags} />
      </div>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl" lang={lng}>
        {text.title}
      </h1>
      <p className="mt-4 text-lg leading-8 text-slate-600" lang={lng}>
        {text.description}
      </p>
      <p className="mt-4 text-sm text-slate-500">
        {t("published", { date: formatPostDate(post.date, i18n.language) })}
        {" · "}
        {t("readingTime", { count: text.minutes })}
        {!i18n.language.startsWith(lng.slice(0, 2)) && ` · ${t("articleLanguage")}`}
      </p>
      <section className="mt-8 rounded-3xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <h2 className="mb-3 text-sm font-semibold text-slate-700">{t("examplesTitle")}</h2>
        <BeforeAfter set={post.examples} eager />
      </section>
      <Suspense fallback={null}>
        <Body slug={slug} lng={lng} />
      </Suspense>
      <div className="mt-10 rounded-3xl bg-indigo-50 p-6 text-center">
        <button
          type="button"
          onClick={() => start("product")}
          className={buttonClass("primary", "px-6 py-3")}
        >
          {t("tryIt")}
        </button>
      </div>
      <nav aria-label={t("morePosts")} className="mt-12">
        <h2 className="text-lg font-semibold">{t("morePosts")}</h2>
        <ul className="mt-4 space-y-3">
          {others.map((p) => (
            <li key={p.slug}>
              <Link to={to(`/blog/${p.slug}`)} className="text-indigo-700 hover:underline">
                {p.i18n[lng].title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

function Body({ slug, lng }: { slug: string; lng: PostLanguage }) {
  const html = use(postBody(slug, lng));
  return (
    <div
      className="blog-body mt-10"
      lang={lng}
      // the article's HTML comes from the repository's own Markdown (scripts/blog-content.mjs)
      // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, built from content/blog
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
