// Uploads: validate by magic bytes, size and pixel count, strip metadata and apply the
// orientation (the engine's decode does both), store once per account and content, and queue
// the cut-out. The cut-out is computed once and kept next to the upload.
import { createHash, randomUUID } from "node:crypto";
import {
  type Cutout,
  type CutoutMeta,
  decodeImage,
  isEngineError,
  sniffFormat,
} from "@studio/engine";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import type { GenerationsConfig } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { StudioEngine } from "../../engine/engine-adapter.ts";
import { HttpError, notFound } from "../../http/http-error.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import { type UploadRow, uploads } from "./uploads.tables.ts";

export type UploadPurpose = UploadRow["purpose"];

export interface UploadsService {
  /** `requestId`: the HTTP request's id, carried in the cut-out job for its log lines */
  accept(
    accountId: string,
    bytes: Buffer,
    purpose: UploadPurpose,
    requestId?: string,
  ): Promise<UploadRow>;
  /** 404 unless the upload exists and belongs to the account */
  get(accountId: string, id: string): Promise<UploadRow>;
  readOriginal(row: UploadRow): Promise<Buffer>;
  readCutoutPng(row: UploadRow): Promise<Buffer | null>;
  /** the cut-out, computing and storing it first if the job has not run yet */
  ensureCutout(uploadId: string): Promise<Cutout>;
  /** handler of upload.cutout */
  runCutoutJob(data: { uploadId: string }): Promise<void>;
}

/** A cut-out that cannot be made (no product found): retrying will not help. */
export class CutoutFailedError extends Error {}

const MB = 1024 * 1024;

export function createUploadsService(deps: {
  db: Db;
  storage: ObjectStorage;
  queue: JobQueue;
  config: GenerationsConfig;
  /** the cut-out's CPU work (a worker thread by default: docs/decisions/0550) */
  engine: StudioEngine;
  /** the in-process job runner, when there is one */
  wake?: () => void;
}): UploadsService {
  const { db, storage, queue, config, engine } = deps;

  async function normalise(bytes: Buffer) {
    const format = sniffFormat(bytes);
    if (!format) {
      throw new HttpError(
        415,
        "Unsupported file type: upload a JPEG, PNG, WebP, AVIF, TIFF or GIF image.",
      );
    }
    try {
      const img = await decodeImage(bytes, { maxPixels: config.uploadMaxPixels });
      let opaque = true;
      for (let i = 3; i < img.rgba.length; i += 4) {
        if (img.rgba[i] !== 255) {
          opaque = false;
          break;
        }
      }
      // Re-encoded from raw pixels: no EXIF, GPS or ICC data survives, orientation is applied.
      const raw = sharp(img.rgba, { raw: { width: img.width, height: img.height, channels: 4 } });
      const encoded = opaque
        ? await raw.removeAlpha().jpeg({ quality: 95, chromaSubsampling: "4:4:4" }).toBuffer()
        : await raw.png({ compressionLevel: 6 }).toBuffer();
      return {
        format,
        width: img.width,
        height: img.height,
        bytes: encoded,
        ext: opaque ? "jpg" : "png",
        contentType: opaque ? "image/jpeg" : "image/png",
      };
    } catch (err) {
      if (isEngineError(err)) {
        const status =
          err.code === "TOO_MANY_PIXELS" ? 413 : err.code === "UNSUPPORTED_FORMAT" ? 415 : 400;
        throw new HttpError(status, err.message);
      }
      throw err;
    }
  }

  async function find(id: string): Promise<UploadRow | undefined> {
    return (await db.select().from(uploads).where(eq(uploads.id, id)))[0];
  }

  async function computeCutout(row: UploadRow): Promise<Cutout> {
    const original = await storage.get(row.storageKey);
    if (!original) throw new Error(`upload ${row.id}: stored photo is missing`);
    let made: Awaited<ReturnType<StudioEngine["cutoutPhoto"]>>;
    try {
      made = await engine.cutoutPhoto(original, config.cutoutMethod);
    } catch (err) {
      if (isEngineError(err) && (err.code === "NO_SUBJECT" || err.code === "UNDECODABLE")) {
        await db
          .update(uploads)
          .set({ cutoutStatus: "failed", cutoutError: err.message })
          .where(eq(uploads.id, row.id));
        throw new CutoutFailedError(err.message);
      }
      throw err;
    }
    const { cutout: cut, png, meta } = made;
    const key = `uploads/${row.id}/cutout.png`;
    await storage.put(key, png, "image/png");
    await db
      .update(uploads)
      .set({ cutoutStatus: "ready", cutoutKey: key, cutoutMeta: meta, cutoutError: null })
      .where(eq(uploads.id, row.id));
    return cut;
  }

  return {
    async accept(accountId, bytes, purpose, requestId) {
      if (bytes.length > config.uploadMaxBytes) {
        throw new HttpError(
          413,
          `The file is larger than ${Math.round(config.uploadMaxBytes / MB)} MB.`,
        );
      }
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const same = and(
        eq(uploads.accountId, accountId),
        eq(uploads.purpose, purpose),
        eq(uploads.sha256, sha256),
      );
      const existing = (await db.select().from(uploads).where(same))[0];
      if (existing) return existing;
      const n = await normalise(bytes);
      const id = randomUUID();
      const storageKey = `uploads/${id}/original.${n.ext}`;
      await storage.put(storageKey, n.bytes, n.contentType);
      if (purpose === "product") await queue.start();
      const row = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(uploads)
          .values({
            id,
            accountId,
            purpose,
            sha256,
            format: n.format,
            width: n.width,
            height: n.height,
            storageKey,
            contentType: n.contentType,
            cutoutStatus: purpose === "product" ? "pending" : "none",
          })
          .onConflictDoNothing()
          .returning();
        if (inserted[0] && purpose === "product") {
          await queue.send("upload.cutout", { uploadId: id, requestId }, { id }, tx);
        }
        return inserted[0];
      });
      if (!row) {
        // the same photo arrived twice at once: keep the first one
        await storage.delete(storageKey);
        const first = (await db.select().from(uploads).where(same))[0];
        if (!first) throw new Error("upload vanished");
        return first;
      }
      deps.wake?.();
      return row;
    },
    async get(accountId, id) {
      const row = await find(id);
      if (!row || row.accountId !== accountId) throw notFound("Upload not found");
      return row;
    },
    async readOriginal(row) {
      const bytes = await storage.get(row.storageKey);
      if (!bytes) throw notFound("Upload not found");
      return bytes;
    },
    async readCutoutPng(row) {
      return row.cutoutStatus === "ready" && row.cutoutKey ? storage.get(row.cutoutKey) : null;
    },
    async ensureCutout(uploadId) {
      const row = await find(uploadId);
      if (!row) throw new CutoutFailedError("The product photo was deleted.");
      if (row.cutoutStatus === "failed") {
        throw new CutoutFailedError(row.cutoutError ?? "The product could not be cut out.");
      }
      if (row.cutoutStatus === "ready" && row.cutoutKey && row.cutoutMeta) {
        const png = await storage.get(row.cutoutKey);
        if (png) return engine.loadCutout(png, row.cutoutMeta as CutoutMeta);
      }
      return computeCutout(row);
    },
    async runCutoutJob({ uploadId }) {
      const row = await find(uploadId);
      if (!row || row.cutoutStatus === "ready" || row.cutoutStatus === "failed") return;
      try {
        await computeCutout(row);
      } catch (err) {
        if (err instanceof CutoutFailedError) return; // recorded on the upload
        throw err;
      }
    },
  };
}
