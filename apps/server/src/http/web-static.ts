// Serves the built web app (apps/web/dist) when it exists, with the single-page-app fallback:
// a GET that is not an API or dev call and matches no file answers index.html.
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const API_PREFIXES = ["/api/", "/api?", "/dev/", "/monitoring"];

export function isApiPath(url: string): boolean {
  return url === "/api" || url === "/dev" || API_PREFIXES.some((p) => url.startsWith(p));
}

export async function registerWebStatic(app: FastifyInstance, distDir: string): Promise<boolean> {
  const hasWeb = existsSync(path.join(distDir, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: ["index.html"],
      // Hashed build assets never change; index.html must always be fetched again.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isRead = request.method === "GET" || request.method === "HEAD";
    // A missing /assets/ file (an old tab after a rebuild) is a 404, not the app's HTML.
    const isAsset = request.url.startsWith("/assets/");
    if (hasWeb && isRead && !isApiPath(request.url) && !isAsset) {
      return reply.type("text/html").sendFile("index.html");
    }
    return reply
      .status(404)
      .send({ error: `Not found: ${request.method} ${request.url.split("?")[0]}` });
  });
  return hasWeb;
}
