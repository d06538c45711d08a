// Uploads: validate by magic bytes, size and pixel count, strip metadata and apply the
// orientation (the engine's decode does both), store once per account and content, and queue
// the cut-out. The cut-out is computed once and kept next to the upload.
import { createHash, randomUUID } from "node:crypto";
import {
  type Cutout,
  type CutoutMeta,
  decodeImage,
  isEngineError,
  type Mask,
  productSide,
  renderCopyMeta,
  sniffFormat,
} from "@studio/engine";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import type { GenerationsConfig } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { StudioEngine } from "../../engine/engine-adapter.ts";
import { badRequest, conflict, HttpError, notFound } from "../../http/http-error.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import { createCutoutCache, cutoutCacheKey } from "./cutout-cache.ts";
import { emptyMaskPng, MaskMessages, maskPngOf } from "./cutout-mask.ts";
import { type UploadRow, uploads } from "./uploads.tables.ts";

export type UploadPurpose = UploadRow["purpose"];

export interface UploadsService {
  /** `queueCutout: false` (batch items): the caller computes the cut-out itself right after;
   * `requestId`: the HTTP request's id, carried in the cut-out job for its log lines */
  accept(
    accountId: string,
    bytes: Buffer,
    purpose: UploadPurpose,
    options?: { queueCutout?: boolean; requestId?: string },
  ): Promise<UploadRow>;
  /** 404 unless the upload exists and belongs to the account */
  get(accountId: string, id: string): Promise<UploadRow>;
  readOriginal(row: UploadRow): Promise<Buffer>;
  readCutoutPng(row: UploadRow): Promise<Buffer | null>;
  /**
   * The cut-out, computing and storing it first if the job has not run yet. With `sideNeeded`
   * (the product's largest side, px, in the outputs to render, from the stored meta), the
   * stored render copy when its product is that large, else the full cut-out.
   */
  ensureCutout(uploadId: string, sideNeeded?: (meta: CutoutMeta) => number): Promise<Cutout>;
  /** handler of upload.cutout */
  runCutoutJob(data: { uploadId: string }): Promise<void>;
  /**
   * The current cut-out's mask as a one-channel PNG at the cut-out's size (the photo's, scaled
   * down to the engine's CUTOUT_MAX_SIDE) ("pending" while the
   * cut-out is being made; an empty mask when the model found no product).
   */
  readMask(row: UploadRow): Promise<Buffer | "pending">;
  /** A seller's mask becomes the cut-out every later generation uses (the model's is kept). */
  saveMask(row: UploadRow, mask: Mask): Promise<UploadRow>;
  /** Back to the model's cut-out (computed again when there is none kept). */
  resetCutout(row: UploadRow): Promise<UploadRow>;
}

/** Where a seller's corrected cut-out is stored; the model's stays at cutout.png. */
export const editedCutoutKey = (id: string) => `uploads/${id}/cutout-edited.png`;
export const autoCutoutKey = (id: string) => `uploads/${id}/cutout.png`;
/** Where a cut-out's render copy is stored (engine's render-copy.ts): beside the cut-out. */
export const renderCopyKey = (cutoutKey: string) => cutoutKey.replace(/\.png$/, "-render.png");
export const isEditedCutout = (row: UploadRow) =>
  (row.cutoutMeta as CutoutMeta | null)?.method === "edited";

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
  const decoded = createCutoutCache();

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
      // a JPEG has no alpha to look through (40 ms on a 12 MP photo)
      let opaque = true;
      for (let i = 3; format !== "jpeg" && i < img.rgba.length; i += 4) {
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
      made = await engine.cutoutPhoto(
        original,
        config.cutoutMethod,
        config.detectProduct,
        config.engineFast,
      );
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
    const { cutout: cut, png, meta, copyPng } = made;
    const key = autoCutoutKey(row.id);
    // both written before the row points at them
    if (copyPng) await storage.put(renderCopyKey(key), copyPng, "image/png");
    await storage.put(key, png, "image/png");
    await db
      .update(uploads)
      .set({ cutoutStatus: "ready", cutoutKey: key, cutoutMeta: meta, cutoutError: null })
      .where(eq(uploads.id, row.id));
    // the generation waiting for this cut-out renders from these pixels, not from the PNG
    decoded.set(cutoutCacheKey(row.id, row.cutoutVersion, key), cut);
    return cut;
  }

  return {
    async accept(accountId, bytes, purpose, options = {}) {
      const queueCutout = purpose === "product" && options.queueCutout !== false;
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
      if (queueCutout) await queue.start();
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
        if (inserted[0] && queueCutout) {
          await queue.send(
            "upload.cutout",
            { uploadId: id, requestId: options.requestId },
            { id },
            tx,
          );
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
    async ensureCutout(uploadId, sideNeeded) {
      const row = await find(uploadId);
      if (!row) throw new CutoutFailedError("The product photo was deleted.");
      if (row.cutoutStatus === "failed") {
        throw new CutoutFailedError(row.cutoutError ?? "The product could not be cut out.");
      }
      if (row.cutoutStatus === "ready" && row.cutoutKey && row.cutoutMeta) {
        const meta = row.cutoutMeta as CutoutMeta;
        const copy = renderCopyMeta(meta);
        if (copy && sideNeeded && sideNeeded(meta) <= productSide(copy)) {
          const copyKey = renderCopyKey(row.cutoutKey);
          const cacheKey = cutoutCacheKey(row.id, row.cutoutVersion, copyKey);
          const kept = decoded.get(cacheKey);
          if (kept) return kept;
          const png = await storage.get(copyKey);
          // a copy that is missing or damaged costs speed, not the generation
          const loaded = png && (await engine.loadCutout(png, copy).catch(() => null));
          if (loaded) {
            decoded.set(cacheKey, loaded);
            return loaded;
          }
        }
        const cacheKey = cutoutCacheKey(row.id, row.cutoutVersion, row.cutoutKey);
        const kept = decoded.get(cacheKey);
        if (kept) return kept;
        const png = await storage.get(row.cutoutKey);
        if (png) {
          const loaded = await engine.loadCutout(png, meta);
          decoded.set(cacheKey, loaded);
          return loaded;
        }
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
    async readMask(row) {
      if (row.purpose !== "product") throw notFound(MaskMessages.notProduct);
      if (row.cutoutStatus === "failed") return emptyMaskPng(row.width, row.height);
      const png = await this.readCutoutPng(row);
      return png ? maskPngOf(png) : "pending";
    },
    async saveMask(row, mask) {
      if (row.purpose !== "product") throw notFound(MaskMessages.notProduct);
      if (row.cutoutStatus === "pending" || row.cutoutStatus === "none") {
        throw conflict(MaskMessages.pending);
      }
      const original = await storage.get(row.storageKey);
      if (!original) throw notFound("Upload not found");
      let made: Awaited<ReturnType<StudioEngine["maskPhoto"]>>;
      try {
        made = await engine.maskPhoto(original, mask, config.detectProduct);
      } catch (err) {
        if (isEngineError(err) && err.code === "NO_SUBJECT") throw badRequest(MaskMessages.empty);
        if (isEngineError(err) && err.code === "INVALID_ARGUMENT") throw badRequest(err.message);
        throw err;
      }
      // Written before the row points at it; the model's cut-out and its meta are kept aside
      // the first time (a second edit replaces only the edit).
      if (made.copyPng) {
        await storage.put(renderCopyKey(editedCutoutKey(row.id)), made.copyPng, "image/png");
      }
      await storage.put(editedCutoutKey(row.id), made.png, "image/png");
      const [saved] = await db
        .update(uploads)
        .set({
          cutoutStatus: "ready",
          cutoutKey: editedCutoutKey(row.id),
          cutoutMeta: made.meta,
          cutoutError: null,
          autoCutoutMeta: isEditedCutout(row) ? row.autoCutoutMeta : row.cutoutMeta,
          cutoutVersion: row.cutoutVersion + 1,
        })
        .where(and(eq(uploads.id, row.id), eq(uploads.cutoutVersion, row.cutoutVersion)))
        .returning();
      if (!saved) throw conflict(MaskMessages.changed);
      return saved;
    },
    async resetCutout(row) {
      if (row.purpose !== "product") throw notFound(MaskMessages.notProduct);
      if (!isEditedCutout(row)) return row;
      const bump = and(eq(uploads.id, row.id), eq(uploads.cutoutVersion, row.cutoutVersion));
      let reset: UploadRow | undefined;
      if (row.autoCutoutMeta) {
        [reset] = await db
          .update(uploads)
          .set({
            cutoutKey: autoCutoutKey(row.id),
            cutoutMeta: row.autoCutoutMeta,
            autoCutoutMeta: null,
            cutoutVersion: row.cutoutVersion + 1,
          })
          .where(bump)
          .returning();
      } else {
        // the model had found no product: ask it again (it records its answer, ready or failed)
        [reset] = await db
          .update(uploads)
          .set({
            cutoutStatus: "pending",
            cutoutKey: null,
            cutoutMeta: null,
            cutoutVersion: row.cutoutVersion + 1,
          })
          .where(bump)
          .returning();
        if (reset) {
          try {
            await computeCutout(reset);
          } catch (err) {
            if (!(err instanceof CutoutFailedError)) {
              // not left pending with no job to finish it
              await db
                .update(uploads)
                .set({ cutoutStatus: "failed", cutoutError: "The product could not be cut out." })
                .where(eq(uploads.id, row.id));
              throw err;
            }
          }
          reset = await find(row.id);
        }
      }
      if (!reset) throw conflict(MaskMessages.changed);
      // a generation that read the old row meanwhile finds no file and recomputes the model's
      // cut-out, which is what a reset asks for anyway
      await storage.delete(editedCutoutKey(row.id));
      await storage.delete(renderCopyKey(editedCutoutKey(row.id)));
      return reset;
    },
  };
}
