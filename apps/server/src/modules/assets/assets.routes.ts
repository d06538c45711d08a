// GET /api/photo-material: the photographic pack as people are shown it (the web app's
// /photo-credits page): every file's subject, origin, licence and source, and how much of the
// pack this install holds. Public and the same for everyone: the manifest ships with the code.

import { Type as T } from "@sinclair/typebox";
import { packEntries } from "@studio/engine";
import type { FastifyInstance } from "fastify";
import type { AssetPack } from "./asset-pack.service.ts";

export const PhotoMaterialResponse = T.Object(
  {
    /** how much of the pack this install holds, verified */
    pack: T.Object({
      files: T.Integer(),
      presentFiles: T.Integer(),
      bytes: T.Integer(),
      presentBytes: T.Integer(),
      /** every file present: the sets are photographic */
      complete: T.Boolean(),
      state: T.String(),
    }),
    entries: T.Array(
      T.Object({
        file: T.String(),
        kind: T.String(),
        subject: T.String(),
        origin: T.String(),
        licence: T.String(),
        /** the GitHub repository that republishes it */
        repo: T.String(),
        rawUrl: T.String(),
      }),
    ),
  },
  { additionalProperties: false },
);

export async function assetsRoutes(app: FastifyInstance, opts: { assets: AssetPack }) {
  const entries = packEntries().map(({ file, kind, subject, origin, licence, repo, rawUrl }) => ({
    file,
    kind,
    subject,
    origin,
    licence,
    repo,
    rawUrl,
  }));
  app.get(
    "/api/photo-material",
    {
      schema: {
        summary:
          "The photographic pack's files, their origin, licence and source; how much is here",
        response: { 200: PhotoMaterialResponse },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      const { files, presentFiles, bytes, presentBytes, complete, state } = opts.assets.status();
      return { pack: { files, presentFiles, bytes, presentBytes, complete, state }, entries };
    },
  );
}
