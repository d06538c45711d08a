// /v1/batches: a ZIP of photos (multipart `archive`, optional `csv` for per-photo settings,
// fields prompt/template/preset/count for all) or a JSON list of uploads; progress; the
// results as one ZIP; cancel/delete (decision 1004).
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type as T } from "@sinclair/typebox";
import { Batch, CreateBatchRequest, IdempotencyHeaders, IdParams } from "@studio/contracts";
import { sniffFormat } from "@studio/engine";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import { BinaryBody, contentDisposition } from "../../http/media-auth.ts";
import { CsvError, readCsv } from "../batches/batch-csv.ts";
import type { ItemSettings, RequestedItem } from "../batches/batch-plan.ts";
import type { BatchesService } from "../batches/batches.service.ts";
import { readZip, ZipError } from "../batches/zip-reader.ts";
import type { Idempotency } from "./idempotency.ts";
import { caller } from "./v1-auth.ts";
import { ApiError, v1Errors } from "./v1-errors.ts";
import { multipartBodyInHandler, registerV1JobRoutes, v1Operation } from "./v1-job-routes.ts";
import { fileDigest, unreadable } from "./v1-multipart.ts";

const MultipartBatch = T.Object(
  {
    archive: T.Optional(T.String({ format: "binary", description: "a ZIP of product photos" })),
    csv: T.Optional(
      T.String({
        format: "binary",
        description:
          "per-photo settings: a header row with filename (or upload_id) and any of prompt, template, preset, count",
      }),
    ),
    prompt: T.Optional(T.String({ maxLength: 1000 })),
    template: T.Optional(T.String({ maxLength: 64 })),
    preset: T.Optional(T.String({ maxLength: 16 })),
    count: T.Optional(T.String({ pattern: "^[1-4]$" })),
  },
  { additionalProperties: false },
);

const SETTINGS = ["prompt", "template", "preset", "count"] as const;

function settingsOf(fields: Record<string, string | undefined>): ItemSettings {
  const out: ItemSettings = {};
  for (const k of SETTINGS) {
    const v = fields[k]?.trim();
    if (!v) continue;
    if (k === "count") {
      if (!/^[1-4]$/.test(v))
        throw new ApiError(400, "invalid_request", `count must be 1 to 4, got "${v}"`);
      out.count = Number(v);
    } else out[k] = v;
  }
  return out;
}

/** the items and common settings of a multipart batch */
async function readMultipart(request: FastifyRequest, config: Config) {
  const fields: Record<string, string> = {};
  let archive: Buffer | null = null;
  let csv: string | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: config.publicApi.batchMaxBytes },
    })) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.fieldname === "archive") archive = bytes;
        else if (part.fieldname === "csv") csv = bytes.toString("utf8");
        else
          throw new ApiError(
            400,
            "invalid_request",
            `Unexpected file field '${part.fieldname}': use 'archive' or 'csv'.`,
          );
      } else if (SETTINGS.includes(part.fieldname as (typeof SETTINGS)[number])) {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === "csv") {
        csv = String(part.value);
      } else {
        throw new ApiError(400, "invalid_request", `Unexpected field '${part.fieldname}'.`);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new ApiError(
        413,
        "file_too_large",
        `A batch upload is at most ${Math.round(config.publicApi.batchMaxBytes / 1024 / 1024)} MB.`,
      );
    }
    throw unreadable(err as Error);
  }
  const max = config.publicApi.batchMaxItems;
  let rows: ReturnType<typeof readCsv> | null = null;
  if (csv !== null) {
    try {
      rows = readCsv(csv, max);
    } catch (err) {
      if (err instanceof CsvError) throw new ApiError(400, "invalid_request", err.message);
      throw err;
    }
  }
  let photos: { name: string; bytes: Buffer }[] = [];
  if (archive) {
    try {
      photos = readZip(archive, {
        maxEntries: max + 1, // + a CSV inside the ZIP
        maxEntryBytes: config.generations.uploadMaxBytes,
        maxTotalBytes: config.publicApi.batchMaxBytes,
      });
    } catch (err) {
      if (err instanceof ZipError) throw new ApiError(400, "invalid_request", err.message);
      throw err;
    }
    const inner = photos.filter((p) => p.name.toLowerCase().endsWith(".csv"));
    photos = photos.filter((p) => !p.name.toLowerCase().endsWith(".csv"));
    if (!rows && inner.length === 1 && inner[0])
      rows = readCsvOr400(inner[0].bytes.toString("utf8"), max);
    for (const p of photos) {
      if (!sniffFormat(p.bytes)) {
        throw new ApiError(
          415,
          "unsupported_media_type",
          `${p.name} is not a JPEG, PNG, WebP, AVIF, TIFF or GIF image.`,
        );
      }
    }
  }
  const items: RequestedItem[] = [];
  if (rows) {
    const byName = new Map(photos.map((p) => [p.name, p]));
    const byBase = new Map(photos.map((p) => [p.name.split("/").pop() ?? p.name, p]));
    for (const r of rows) {
      const settings = settingsOf(r.fields);
      if (r.fields.upload_id) {
        items.push({
          filename: r.fields.filename || r.fields.upload_id,
          uploadId: r.fields.upload_id,
          ...settings,
        });
        continue;
      }
      const photo = byName.get(r.fields.filename ?? "") ?? byBase.get(r.fields.filename ?? "");
      if (!photo)
        throw new ApiError(
          400,
          "invalid_request",
          `CSV line ${r.line}: no photo named "${r.fields.filename}" in the ZIP.`,
        );
      items.push({ filename: photo.name, bytes: photo.bytes, ...settings });
    }
  } else {
    for (const p of photos) items.push({ filename: p.name, bytes: p.bytes });
  }
  if (items.length === 0) {
    throw new ApiError(
      400,
      "invalid_request",
      "No photos: send a ZIP in 'archive' (and optionally a 'csv').",
    );
  }
  const digest = fileDigest(Buffer.concat([archive ?? Buffer.alloc(0), Buffer.from(csv ?? "")]));
  return { items, common: settingsOf(fields), fingerprint: [digest, fields] };
}

function readCsvOr400(text: string, max: number) {
  try {
    return readCsv(text, max);
  } catch (err) {
    if (err instanceof CsvError) throw new ApiError(400, "invalid_request", err.message);
    throw err;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function v1BatchesRoutes(
  fastify: FastifyInstance,
  opts: { batches: BatchesService; idempotency: Idempotency; config: Config },
) {
  const { batches, idempotency, config } = opts;
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    "/batches",
    {
      preValidation: multipartBodyInHandler,
      schema: {
        ...v1Operation(
          "createBatch",
          "Submit up to 1,000 photos: a ZIP (multipart `archive`, optional `csv`) or a JSON list of uploads; coins reserved for all now",
        ),
        headers: IdempotencyHeaders,
        body: {
          content: {
            "application/json": { schema: CreateBatchRequest },
            "multipart/form-data": { schema: MultipartBatch },
          },
        },
        response: { 202: Batch, ...v1Errors },
      },
    },
    async (request, reply) => {
      const { accountId } = caller(request);
      let items: RequestedItem[];
      let common: ItemSettings;
      let fingerprint: unknown;
      if (request.isMultipart()) {
        ({ items, common, fingerprint } = await readMultipart(request, config));
      } else {
        const body = request.body as CreateBatchRequest;
        const { items: list, ...rest } = body;
        if (list.length > config.publicApi.batchMaxItems) {
          throw new ApiError(
            400,
            "invalid_request",
            `A batch holds at most ${config.publicApi.batchMaxItems} photos.`,
          );
        }
        items = list.map(({ uploadId, ...settings }) => ({
          filename: uploadId,
          uploadId,
          ...settings,
        }));
        common = rest;
        fingerprint = body;
      }
      for (const i of items) {
        if (i.uploadId && !UUID.test(i.uploadId)) {
          throw new ApiError(400, "invalid_request", `"${i.uploadId}" is not an upload id.`);
        }
      }
      return idempotency.run(request, reply, accountId, fingerprint, async () => ({
        status: 202,
        body: await batches.create(accountId, items, common),
      }));
    },
  );

  registerV1JobRoutes(app, batches, idempotency, {
    base: "/batches",
    params: IdParams,
    resource: Batch,
    get: ["getBatch", "Progress of a batch, photo by photo"],
    remove: [
      "deleteBatch",
      "Cancel (and refund) the photos not started; once none runs, delete the batch and its results",
    ],
  });

  app.get(
    "/batches/:id/results",
    {
      schema: {
        ...v1Operation(
          "getBatchResults",
          "Every finished photo's images as one ZIP (partial while the batch runs)",
        ),
        params: IdParams,
        response: { 200: BinaryBody, ...v1Errors },
      },
    },
    async (request, reply) => {
      const { batch, zip } = await batches.results(caller(request).accountId, request.params.id);
      return reply
        .header("content-type", "application/zip")
        .header(
          "content-disposition",
          contentDisposition(true, `batch-${batch.id.slice(0, 8)}.zip`),
        )
        .header("x-batch-status", batch.status)
        .send(zip);
    },
  );
}
