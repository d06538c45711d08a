// Turns the blog's Markdown (content/blog/<slug>.<language>.md, front matter + body) into what
// the pages import: src/pages/blog/posts.gen.json (every post's metadata, newest first) and
// src/pages/blog/bodies/<slug>.<language>.gen.json (the body as HTML, one lazy chunk each).
// Run by the build; the generated files are committed so typecheck works on a fresh clone.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { marked } from "marked";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const contentDir = path.join(web, "content", "blog");
const outDir = path.join(web, "src", "pages", "blog");
const LANGUAGES = ["en-US", "zh-CN"];

/** The front matter's small YAML subset: `key: value`, `key: "quoted"`, `key: [a, b]`. */
function frontMatter(text, file) {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`${file}: no front matter`);
  const data = {};
  for (const line of m[1].split("\n")) {
    const kv = /^(\w+):\s*(.*)$/.exec(line);
    if (!kv) throw new Error(`${file}: cannot read "${line}"`);
    let value = kv[2].trim();
    if (value.startsWith("["))
      value = value
        .slice(1, -1)
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    else if (value.startsWith('"')) value = JSON.parse(value);
    data[kv[1]] = value;
  }
  return { data, body: m[2] };
}

const posts = new Map();
for (const file of readdirSync(contentDir)
  .filter((f) => f.endsWith(".md"))
  .sort()) {
  const m = /^([a-z0-9-]+)\.([a-zA-Z-]+)\.md$/.exec(file);
  if (!m || !LANGUAGES.includes(m[2]))
    throw new Error(`${file}: name it <slug>.<${LANGUAGES.join("|")}>.md`);
  const [, slug, lng] = m;
  const { data, body } = frontMatter(readFileSync(path.join(contentDir, file), "utf8"), file);
  for (const key of ["title", "description", "date", "tags", "examples"])
    if (!data[key]) throw new Error(`${file}: front matter needs ${key}`);
  const post = posts.get(slug) ?? {
    slug,
    date: data.date,
    tags: data.tags,
    examples: data.examples,
    i18n: {},
  };
  if (
    post.date !== data.date ||
    post.tags.join() !== data.tags.join() ||
    post.examples !== data.examples
  )
    throw new Error(`${file}: date, tags and examples must match the other languages`);
  // words (Latin) or characters (CJK) per minute
  const cjk = (body.match(/[\u4e00-\u9fff]/g) ?? []).length;
  const words = body
    .replace(/[\u4e00-\u9fff]/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  const minutes = Math.max(1, Math.round(words / 220 + cjk / 400));
  post.i18n[lng] = { title: data.title, description: data.description, minutes };
  posts.set(slug, post);
  // a line break inside a Chinese paragraph is not a space
  const html = marked
    .parse(body, { async: false, gfm: true })
    .replace(/([\u3000-\u9fff\uff00-\uffef])\n([\u3000-\u9fff\uff00-\uffef])/g, "$1$2");
  mkdirSync(path.join(outDir, "bodies"), { recursive: true });
  writeFileSync(
    path.join(outDir, "bodies", `${slug}.${lng}.gen.json`),
    `${JSON.stringify({ html })}\n`,
  );
}
for (const post of posts.values())
  for (const lng of LANGUAGES)
    if (!post.i18n[lng]) throw new Error(`${post.slug}: no ${lng} version`);

const list = [...posts.values()].sort((a, b) => b.date.localeCompare(a.date));
writeFileSync(path.join(outDir, "posts.gen.json"), `${JSON.stringify({ posts: list }, null, 1)}\n`);
console.log(`blog: ${list.length} posts in ${LANGUAGES.length} languages`);
