// Title, description and preview image of each prerendered page, in its language.
import type { TFunction } from "i18next";
import { BlogPosts, BlogTags, findPost, postLanguage } from "../pages/blog/blog-posts.ts";
import { AllLandingPages, findLandingPage } from "../pages/landing/landing-pages.ts";
import { type ExampleSetId, exampleSet } from "./examples.ts";

export interface PageMeta {
  title: string;
  description: string;
  /** the preview image's name under /og/ (without extension) */
  image: string;
  type: "website" | "article";
  /** a real result to show in the preview image (an address under public/) */
  photo?: string;
  /** articles: the publication date (YYYY-MM-DD) */
  published?: string;
}

const firstResult = (id: ExampleSetId) => {
  const r = exampleSet(id).results[0];
  return r ? `${r.base}-800.webp` : undefined;
};

/** Every prerendered page, as its address without a language prefix. */
export function marketingRoutes(): string[] {
  return [
    "/",
    "/blog",
    ...BlogTags.map((tag) => `/blog/tags/${tag}`),
    ...BlogPosts.map((p) => `/blog/${p.slug}`),
    ...AllLandingPages.map((p) => `/create/${p.slug}`),
  ];
}

export function pageMeta(rest: string, t: TFunction, lng: string): PageMeta | undefined {
  const brand = t("common:brand");
  const withBrand = (title: string) => (title === brand ? brand : `${title} · ${brand}`);
  if (rest === "/")
    return {
      title: withBrand(`${t("home:hero.title")} ${t("home:hero.titleAccent")}`),
      description: t("home:hero.subtitle"),
      image: "home",
      type: "website",
      photo: firstResult("surfaces"),
    };
  if (rest === "/blog")
    return {
      title: withBrand(t("blog:title")),
      description: t("blog:subtitle"),
      image: "blog",
      type: "website",
      photo: firstResult("lifestyle"),
    };
  const tag = /^\/blog\/tags\/([\w-]+)$/.exec(rest)?.[1];
  if (tag && BlogTags.includes(tag))
    return {
      title: withBrand(t("blog:tagged", { tag: t(`blog:tags.${tag}`) })),
      description: t("blog:subtitle"),
      image: "blog",
      type: "website",
      photo: firstResult("lifestyle"),
    };
  const slug = /^\/blog\/([\w-]+)$/.exec(rest)?.[1];
  const post = slug ? findPost(slug) : undefined;
  if (post) {
    const text = post.i18n[postLanguage(lng)];
    return {
      title: withBrand(text.title),
      description: text.description,
      image: `blog-${post.slug}`,
      type: "article",
      photo: firstResult(post.examples),
      published: post.date,
    };
  }
  const landing = /^\/create\/([\w-]+)$/.exec(rest)?.[1];
  const page = landing ? findLandingPage(landing) : undefined;
  if (page)
    return {
      title: withBrand(t(`landing:pages.${page.slug}.title`)),
      description: t(`landing:pages.${page.slug}.subtitle`),
      image: `create-${page.slug}`,
      type: "website",
      photo: page.examples ? firstResult(page.examples) : undefined,
    };
  return undefined;
}
