// GET /api/clothing/config (public: which styles run here), GET /api/clothing/entitlement,
// GET and POST /api/clothing/models (kept model identities). Clothing generations themselves
// go through POST /api/generations with `clothing` options (decision 0701).
import { randomInt, randomUUID } from "node:crypto";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  CLOTHING_STYLE_VALUES,
  ClothingConfigResponse,
  ClothingEntitlement,
  ClothingMessages,
  ClothingModel,
  ClothingModelList,
  ClothingModelRequest,
  CPU_STYLE_VALUES,
  GARMENT_KIND_VALUES,
} from "@studio/contracts";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { RateLimit } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { errorResponses as errors } from "../../http/error-responses.ts";
import { conflict } from "../../http/http-error.ts";
import { requireUserId } from "../../http/media-auth.ts";
import { limitTo } from "../../http/rate-limit.ts";
import { type ClothingModelRow, clothingModels } from "./clothing.tables.ts";
import { clothingEntitlement } from "./clothing-entitlement.ts";

const MAX_MODELS = 50;

function present(row: ClothingModelRow): ClothingModel {
  return {
    id: row.id,
    name: row.name,
    choices: row.choices,
    hasReference: row.referenceKey !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function clothingRoutes(
  fastify: FastifyInstance,
  opts: { db: Db; clock: Clock; tryOnAvailable: boolean; rateLimit: RateLimit },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = opts;

  app.get(
    "/api/clothing/config",
    {
      schema: {
        summary: "Clothing styles and whether human models can run",
        response: { 200: ClothingConfigResponse },
      },
    },
    async () => ({
      styles: opts.tryOnAvailable ? [...CLOTHING_STYLE_VALUES] : [...CPU_STYLE_VALUES],
      kinds: [...GARMENT_KIND_VALUES],
      tryOn: opts.tryOnAvailable
        ? { available: true }
        : { available: false, message: ClothingMessages.tryOnUnavailable },
    }),
  );

  app.get(
    "/api/clothing/entitlement",
    { schema: { response: { 200: ClothingEntitlement, ...errors } } },
    async (request) => clothingEntitlement(db, requireUserId(request), Math.floor(clock() / 1000)),
  );

  app.get(
    "/api/clothing/models",
    { schema: { response: { 200: ClothingModelList, ...errors } } },
    async (request) => {
      const rows = await db
        .select()
        .from(clothingModels)
        .where(eq(clothingModels.accountId, requireUserId(request)))
        .orderBy(desc(clothingModels.createdAt));
      return { models: rows.map(present) };
    },
  );

  app.post(
    "/api/clothing/models",
    {
      config: limitTo(opts.rateLimit),
      schema: { body: ClothingModelRequest, response: { 201: ClothingModel, ...errors } },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const existing = await db
        .select({ id: clothingModels.id })
        .from(clothingModels)
        .where(eq(clothingModels.accountId, userId));
      if (existing.length >= MAX_MODELS) throw conflict(`At most ${MAX_MODELS} saved models.`);
      const [row] = await db
        .insert(clothingModels)
        .values({
          id: randomUUID(),
          accountId: userId,
          name: request.body.name.trim(),
          choices: request.body.choices,
          seed: randomInt(1, 2 ** 31 - 1),
        })
        .returning();
      return reply.status(201).send(present(row!));
    },
  );
}
