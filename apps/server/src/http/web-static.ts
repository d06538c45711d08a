// Serves the built web app (apps/web/dist) when it exists, with the single-page-app fallback:
// a GET that is not an API or dev call and matches no file answers index.html.
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { acceptedEncoding, PrerenderedPages } from "./prerendered-pages.ts";

const API_PREFIXES = ["/api/", "/api?", "/dev/", "/monitoring"];

export function isApiPath(url: string): boolean {
  return url === "/api" || url === "/dev" || API_PREFIXES.some((p) => url.startsWith(p));
}

export async function registerWebStatic(
  app: FastifyInstance,
  distDir: string,
  publicUrl = "http://localhost:8080",
): Promise<boolean> {
  const hasWeb = existsSync(path.join(distDir, "index.html"));
  // marketing pages prerendered at build time; absent in a dist built without them
  const pages = hasWeb ? PrerenderedPages.load(distDir, publicUrl) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      // "/" is the prerendered home page, answered below with the other marketing pages
      index: false,
      // the build writes .br and .gz copies of scripts and styles (apps/web/scripts/prerender.mjs)
      preCompressed: true,
      // the prerendered files are answered through `pages` (site address filled in)
      allowedPath: (pathName) => !pathName.startsWith("/prerendered/"),
      // Hashed build assets never change; index.html must always be fetched again.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  if (pages) {
    const types: Record<string, string> = {
      "rss.xml": "application/rss+xml; charset=utf-8",
      ".xml": "application/xml; charset=utf-8",
      ".txt": "text/plain; charset=utf-8",
    };
    for (const [url, file] of pages.files()) {
      const type = Object.entries(types).find(([end]) => file.endsWith(end))?.[1] ?? "text/plain";
      app.get(url, async (_request, reply) =>
        reply
          .type(type)
          .header("cache-control", "public, max-age=3600")
          .send(await pages.read(file)),
      );
    }
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isRead = request.method === "GET" || request.method === "HEAD";
    // A missing /assets/ file (an old tab after a rebuild) is a 404, not the app's HTML.
    const isAsset = request.url.startsWith("/assets/");
    if (hasWeb && isRead && !isApiPath(request.url) && !isAsset) {
      const found = pages?.resolve(request.url, request.headers);
      if (found?.kind === "redirect") {
        return reply.header("vary", "Accept-Language, Cookie").redirect(found.location, 302);
      }
      if (found?.kind === "page" && pages) {
        for (const c of found.cookies) reply.header("set-cookie", c);
        const encoding = acceptedEncoding(request.headers["accept-encoding"]);
        if (encoding) reply.header("content-encoding", encoding);
        return reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-cache")
          .header("vary", "Accept-Language, Cookie, Accept-Encoding")
          .send(await pages.compressed(found.file, encoding));
      }
      return reply.type("text/html").sendFile("index.html");
    }
    return reply
      .status(404)
      .send({ error: `Not found: ${request.method} ${request.url.split("?")[0]}` });
  });
  return hasWeb;
}
