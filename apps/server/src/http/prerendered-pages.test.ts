import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { preferredLanguage } from "./prerendered-pages.ts";
import { registerWebStatic } from "./web-static.ts";

// A dist with two languages, the home page's two variants, a landing page and a group.
async function appWithPrerendered() {
  const dist = mkdtempSync(path.join(tmpdir(), "web-dist-"));
  const pre = path.join(dist, "prerendered");
  mkdirSync(path.join(pre, "zh", "create", "x"), { recursive: true });
  mkdirSync(path.join(pre, "create", "x"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>shell</title>");
  const html = (name: string) =>
    `<title>${name}</title><link rel="canonical" href="__SITE_URL__/">`;
  writeFileSync(path.join(pre, "index.html"), html("home a"));
  writeFileSync(path.join(pre, "index.b.html"), html("home b"));
  writeFileSync(path.join(pre, "zh", "index.html"), html("zh home a"));
  writeFileSync(path.join(pre, "zh", "index.b.html"), html("zh home b"));
  writeFileSync(path.join(pre, "create", "x", "index.html"), html("landing x"));
  writeFileSync(path.join(pre, "zh", "create", "x", "index.html"), html("zh landing x"));
  writeFileSync(path.join(pre, "sitemap.xml"), "<loc>__SITE_URL__/</loc>");
  writeFileSync(path.join(pre, "robots.txt"), "Sitemap: __SITE_URL__/sitemap.xml");
  const page = (lng: string, rest: string, file: string, variants = {}) => ({
    lng,
    rest,
    file,
    variants,
  });
  writeFileSync(
    path.join(pre, "manifest.json"),
    JSON.stringify({
      languages: [
        { lng: "en-US", prefix: "" },
        { lng: "zh-CN", prefix: "zh" },
      ],
      pages: {
        "/": page("en-US", "/", "index.html", { a: "index.html", b: "index.b.html" }),
        "/zh": page("zh-CN", "/", "zh/index.html", { a: "zh/index.html", b: "zh/index.b.html" }),
        "/create/x": page("en-US", "/create/x", "create/x/index.html"),
        "/zh/create/x": page("zh-CN", "/create/x", "zh/create/x/index.html"),
      },
      groups: { "/create/g": ["/create/x"], "/zh/create/g": ["/zh/create/x"] },
    }),
  );
  const app = Fastify();
  await registerWebStatic(app, dist, "https://shop.example.com/");
  return app;
}

describe("prerendered marketing pages", () => {
  it("answers each address with its own HTML and the site address filled in", async () => {
    const app = await appWithPrerendered();
    const res = await app.inject({ url: "/create/x/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toBe(
      '<title>landing x</title><link rel="canonical" href="https://shop.example.com/">',
    );
    expect((await app.inject({ url: "/zh/create/x" })).body).toContain("zh landing x");
    // the prerendered files are not reachable under their own path
    expect((await app.inject({ url: "/prerendered/create/x/index.html" })).body).toContain("shell");
    // other routes keep the single-page app's shell
    expect((await app.inject({ url: "/app" })).body).toContain("<title>shell</title>");
  });

  it("sends an English address to the visitor's saved or preferred language", async () => {
    const app = await appWithPrerendered();
    const byHeader = await app.inject({
      url: "/create/x?utm=1",
      headers: { "accept-language": "fr-FR;q=0.9, zh-TW;q=0.8, en;q=0.5" },
    });
    expect(byHeader.statusCode).toBe(302);
    expect(byHeader.headers.location).toBe("/zh/create/x?utm=1");
    const saved = await app.inject({
      url: "/create/x",
      headers: { "accept-language": "zh-CN", cookie: "a=1; lng=en-US" },
    });
    expect(saved.statusCode).toBe(200);
    // crawlers send no language: English
    expect((await app.inject({ url: "/" })).statusCode).toBe(200);
  });

  it("keeps a visitor on one home page variant, and ?variant= forces one", async () => {
    const app = await appWithPrerendered();
    const first = await app.inject({ url: "/" });
    const set = String(first.headers["set-cookie"]);
    const variant = /homeVariant=([ab])/.exec(set)?.[1];
    expect(variant).toMatch(/^[ab]$/);
    for (let i = 0; i < 5; i++) {
      const again = await app.inject({ url: "/", headers: { cookie: `homeVariant=${variant}` } });
      expect(again.body).toContain(`home ${variant}`);
    }
    expect((await app.inject({ url: "/?variant=b" })).body).toContain("home b");
    expect((await app.inject({ url: "/zh?variant=a" })).body).toContain("zh home a");
  });

  it("redirects a landing group to one of its pages, in the same language", async () => {
    const app = await appWithPrerendered();
    const res = await app.inject({ url: "/zh/create/g" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/zh/create/x");
  });

  it("serves sitemap.xml and robots.txt with absolute addresses", async () => {
    const app = await appWithPrerendered();
    expect((await app.inject({ url: "/sitemap.xml" })).body).toBe(
      "<loc>https://shop.example.com/</loc>",
    );
    const robots = await app.inject({ url: "/robots.txt" });
    expect(robots.headers["content-type"]).toContain("text/plain");
    expect(robots.body).toContain("https://shop.example.com/sitemap.xml");
  });

  it("compresses a page for browsers that take br or gzip", async () => {
    const app = await appWithPrerendered();
    const br = await app.inject({ url: "/create/x", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("landing x");
    const gz = await app.inject({
      url: "/create/x",
      headers: { "accept-encoding": "gzip, br;q=0" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("https://shop.example.com/");
    const plain = await app.inject({ url: "/create/x" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("reads Accept-Language by quality and base language", () => {
    const langs = ["en-US", "zh-CN", "es"];
    expect(preferredLanguage("es-MX,en;q=0.8", langs)).toBe("es");
    expect(preferredLanguage("en;q=0.2, zh-HK;q=0.9", langs)).toBe("zh-CN");
    expect(preferredLanguage("ko, *;q=0.1", langs)).toBeUndefined();
    expect(preferredLanguage(undefined, langs)).toBeUndefined();
  });
});
