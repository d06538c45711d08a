// GET /api/templates (the engine's catalogue) and GET /api/templates/:id/thumbnail (rendered by
// the engine once per id and size, then served from DATA_DIR/cache/thumbnails). Public: the
// gallery shows on marketing pages too.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type as T } from "@sinclair/typebox";
import {
  ErrorResponse,
  GenerationMessages,
  TemplatesResponse,
  ThumbnailQuery,
} from "@studio/contracts";
import { templates } from "@studio/engine";
import type { FastifyInstance } from "fastify";
import type { StudioEngine } from "../../engine/engine-adapter.ts";
import { notFound } from "../../http/http-error.ts";
import { BinaryBody } from "../../http/media-auth.ts";

export async function templatesRoutes(
  fastify: FastifyInstance,
  opts: { cacheDir: string; engine: StudioEngine },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const rendering = new Map<string, Promise<Buffer>>();

  async function thumbnail(id: string, size: number): Promise<Buffer> {
    const file = path.join(opts.cacheDir, `${id}-${size}.webp`);
    try {
      return await readFile(file);
    } catch {
      // not cached yet
    }
    const key = `${id}-${size}`;
    let p = rendering.get(key);
    if (!p) {
      p = (async () => {
        const bytes = await opts.engine.templateThumbnail(id, size);
        await mkdir(opts.cacheDir, { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, bytes);
        await rename(tmp, file);
        return bytes;
      })().finally(() => rendering.delete(key));
      rendering.set(key, p);
    }
    return p;
  }

  app.get(
    "/api/templates",
    { schema: { summary: "The template gallery", response: { 200: TemplatesResponse } } },
    async () => ({
      templates: templates.map((t) => ({
        id: t.id,
        name: t.name,
        ...(t.description ? { description: t.description } : {}),
        tags: t.tags,
        thumbnailUrl: `/api/templates/${t.id}/thumbnail`,
      })),
    }),
  );

  app.get(
    "/api/templates/:id/thumbnail",
    {
      schema: {
        summary: "WebP thumbnail of a template's set, rendered by the engine",
        params: T.Object({ id: T.String({ maxLength: 64, pattern: "^[a-z0-9-]+$" }) }),
        querystring: ThumbnailQuery,
        response: { 200: BinaryBody, "4xx": ErrorResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!templates.some((t) => t.id === id)) throw notFound(GenerationMessages.templateNotFound);
      const bytes = await thumbnail(id, request.query.size ?? 256);
      return reply
        .header("content-type", "image/webp")
        .header("cache-control", "public, max-age=86400")
        .send(bytes);
    },
  );
}
