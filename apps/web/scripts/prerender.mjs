// After `vite build` (the browser bundle in dist/) and `vite build --ssr` (dist-ssr/), writes
// every marketing page as HTML: dist/prerendered/<address>/index.html with its title,
// description, canonical URL, hreflang alternates, Open Graph and Twitter cards; the home
// page once per A/B variant; a preview image per page (dist/og/, sharp); sitemap.xml and
// robots.txt; and manifest.json, from which the server answers each address.
// Absolute URLs are written as __SITE_URL__: the server puts its PUBLIC_URL there.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { previewImage } from "./preview-image.mjs";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(web, "dist");
const out = path.join(dist, "prerendered");
const SITE = "__SITE_URL__";
const started = Date.now();

const { render, site } = await import(path.join(web, "dist-ssr", "entry-server.js"));
const template = readFileSync(path.join(dist, "index.html"), "utf8");
rmSync(out, { recursive: true, force: true });
mkdirSync(path.join(dist, "og"), { recursive: true });

const esc = (s) =>
  String(s).replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c],
  );
const ogLocale = (lng) => lng.replace("-", "_");

function head(url, rest, lng, meta) {
  const alternates = site.languages.map(
    (l) =>
      `<link rel="alternate" hreflang="${l.lng}" href="${SITE}${site.localePath(l.lng, rest)}" />`,
  );
  const image = `${SITE}/og/${meta.image}.jpg`;
  return [
    `<title>${esc(meta.title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}" />`,
    `<link rel="canonical" href="${SITE}${url}" />`,
    ...alternates,
    `<link rel="alternate" hreflang="x-default" href="${SITE}${rest}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:site_name" content="Photoshoot Studio" />`,
    `<meta property="og:title" content="${esc(meta.title)}" />`,
    `<meta property="og:description" content="${esc(meta.description)}" />`,
    `<meta property="og:url" content="${SITE}${url}" />`,
    `<meta property="og:locale" content="${ogLocale(lng)}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    ...(meta.published
      ? [`<meta property="article:published_time" content="${meta.published}" />`]
      : []),
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${esc(meta.title)}" />`,
    `<meta name="twitter:description" content="${esc(meta.description)}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  ].join("\n    ");
}

// The page is readable before any script runs: the bundle's module preloads would compete
// with the HTML, the stylesheet and the images for the first paint, so prerendered pages let
// the entry script fetch its imports itself.
const lean = template.replace(/\s*<link rel="modulepreload"[^>]*>/g, "");

function page(url, rest, lng, { html, meta }) {
  return lean
    .replace(/<html lang="[^"]*">/, `<html lang="${lng}">`)
    .replace(/<title>[^<]*<\/title>\s*/, "")
    .replace(/<meta\s+name="description"[^>]*>\s*/s, "")
    .replace("</head>", `  ${head(url, rest, lng, meta)}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
}

const fileOf = (url, variant) =>
  path.join(
    url === "/" ? "" : url.slice(1),
    variant && variant !== "a" ? `index.${variant}.html` : "index.html",
  );

const manifest = { languages: site.languages, pages: {}, groups: {}, files: {} };
const previews = new Map();
for (const { lng } of site.languages) {
  for (const rest of site.routes) {
    const url = site.localePath(lng, rest);
    const variants = rest === "/" ? ["a", "b"] : [undefined];
    const entry = { lng, rest, file: fileOf(url), variants: {} };
    for (const variant of variants) {
      const rendered = await render(url, variant);
      const file = fileOf(url, variant);
      mkdirSync(path.join(out, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(out, file), page(url, rest, lng, rendered));
      if (variant) entry.variants[variant] = file;
      if (lng === "en-US" && !previews.has(rendered.meta.image))
        previews.set(rendered.meta.image, rendered.meta);
    }
    manifest.pages[url] = entry;
  }
  for (const [group, members] of Object.entries(site.groups)) {
    manifest.groups[site.localePath(lng, group)] = members.map((m) => site.localePath(lng, m));
  }
}

for (const [name, meta] of previews) {
  const photo = meta.photo ? readFileSync(path.join(dist, meta.photo)) : undefined;
  writeFileSync(path.join(dist, "og", `${name}.jpg`), await previewImage(meta, photo));
}

const today = new Date().toISOString().slice(0, 10);
const urls = Object.values(manifest.pages).filter((p) => p.lng === "en-US");
const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls
  .flatMap(({ rest }) =>
    site.languages.map(
      (l) => `  <url>
    <loc>${SITE}${site.localePath(l.lng, rest)}</loc>
    <lastmod>${today}</lastmod>
${site.languages
  .map(
    (a) =>
      `    <xhtml:link rel="alternate" hreflang="${a.lng}" href="${SITE}${site.localePath(a.lng, rest)}" />`,
  )
  .join("\n")}
  </url>`,
    ),
  )
  .join("\n")}
</urlset>
`;
writeFileSync(path.join(out, "sitemap.xml"), sitemap);
writeFileSync(
  path.join(out, "robots.txt"),
  `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /app\nDisallow: /form\nDisallow: /stripe-checkout\nDisallow: /wechat-pay-checkout\n\nSitemap: ${SITE}/sitemap.xml\n`,
);
// RSS 2.0, one feed per language the articles are written in.
for (const lng of ["en-US", "zh-CN"]) {
  const blogUrl = site.localePath(lng, "/blog");
  const items = site.blog
    .map((p) => {
      const text = p.i18n[lng];
      const link = `${SITE}${site.localePath(lng, `/blog/${p.slug}`)}`;
      return `    <item>
      <title>${esc(text.title)}</title>
      <link>${link}</link>
      <guid isPermaLink="true">${link}</guid>
      <description>${esc(text.description)}</description>
      <pubDate>${new Date(`${p.date}T08:00:00Z`).toUTCString()}</pubDate>
${p.tags.map((t) => `      <category>${esc(t)}</category>`).join("\n")}
    </item>`;
    })
    .join("\n");
  const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>Photoshoot Studio blog</title>
    <link>${SITE}${blogUrl}</link>
    <atom:link href="${SITE}${blogUrl}/rss.xml" rel="self" type="application/rss+xml" />
    <description>${lng === "zh-CN" ? "写给网店卖家的商品摄影实用指南" : "Product photography guides for online sellers"}</description>
    <language>${lng}</language>
${items}
  </channel>
</rss>
`;
  const file = `${blogUrl.slice(1)}/rss.xml`;
  mkdirSync(path.join(out, path.dirname(file)), { recursive: true });
  writeFileSync(path.join(out, file), rss);
  manifest.files[`${blogUrl}/rss.xml`] = file;
}
manifest.files["/sitemap.xml"] = "sitemap.xml";
manifest.files["/robots.txt"] = "robots.txt";
writeFileSync(path.join(out, "manifest.json"), JSON.stringify(manifest, null, 1));
rmSync(path.join(web, "dist-ssr"), { recursive: true, force: true });

// Brotli and gzip copies of the scripts and styles, served by the server's static handler
// (preCompressed) to browsers that accept them.
for (const file of readdirSync(path.join(dist, "assets"))) {
  if (!/\.(js|css)$/.test(file)) continue;
  const full = path.join(dist, "assets", file);
  const bytes = readFileSync(full);
  writeFileSync(
    `${full}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }),
  );
  writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
}
console.log(
  `prerendered ${Object.keys(manifest.pages).length} pages and ${previews.size} preview images in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
