// The blog's articles: metadata from posts.gen.json (scripts/blog-content.mjs, from the
// Markdown in content/blog/), bodies loaded one chunk per article and language.
import type { ExampleSetId } from "../../marketing/examples.ts";
import generated from "./posts.gen.json";

export type PostLanguage = "en-US" | "zh-CN";
export interface BlogPost {
  slug: string;
  date: string;
  tags: string[];
  examples: ExampleSetId;
  i18n: Record<PostLanguage, { title: string; description: string; minutes: number }>;
}

export const BlogPosts = generated.posts as BlogPost[];
export const BlogTags = [...new Set(BlogPosts.flatMap((p) => p.tags))].sort();

export function findPost(slug: string): BlogPost | undefined {
  return BlogPosts.find((p) => p.slug === slug);
}

/** Articles are written in English and Chinese; other languages read the English text. */
export function postLanguage(lng: string): PostLanguage {
  return lng === "zh-CN" ? "zh-CN" : "en-US";
}

const bodies = import.meta.glob<{ html: string }>("./bodies/*.gen.json", { import: "default" });
const loaded = new Map<string, Promise<string>>();

/** The article's HTML; the same promise for the same article, as React's use() wants. */
export function postBody(slug: string, lng: PostLanguage): Promise<string> {
  const key = `./bodies/${slug}.${lng}.gen.json`;
  let body = loaded.get(key);
  if (!body) {
    const load = bodies[key];
    body = load ? load().then((m) => m.html) : Promise.reject(new Error(`no article ${key}`));
    loaded.set(key, body);
  }
  return body;
}
