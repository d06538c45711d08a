// Submit, read, list and delete generations. A submit writes the generation, spends its coins
// (`gen:<id>:reserve`) and queues its job in ONE transaction: 20 simultaneous submits against
// 8 coins accept exactly two, and no job exists without its coins or the other way round.

import { randomUUID } from "node:crypto";
import {
  ClothingMessages,
  ErrorCodes,
  GenerationMessages,
  type GenerationRequest,
  isExpress,
  Messages,
} from "@studio/contracts";
import { templates } from "@studio/engine";
import { badRequest, conflict, HttpError, notFound } from "../../http/http-error.ts";
import { reserveAllowance } from "../billing/plan-allowance.ts";
import { reserveTrialDownloads } from "../clothing/clothing-entitlement.ts";
import { type ClothingDecision, decideClothing } from "../clothing/clothing-submit.ts";
import { ownedUploads } from "../uploads/uploads.repository.ts";
import { isPromptBlocked } from "./blocked-words.ts";
import { refuseDuringMaintenance, submittingAccount } from "./generation-admission.ts";
import { seedOf } from "./generation-output.ts";
import { type GpuRunSeconds, queueInfo } from "./generation-queue.ts";
import { checkReferenceLimit, coinCost, imageCount, maintenanceState } from "./generation-rules.ts";
import { presentGeneration } from "./generations.presenter.ts";
import {
  deleteGeneration,
  findOwned,
  imagesOf,
  insertGenerations,
  listPage,
} from "./generations.repository.ts";
import type { JobResourceDeps } from "./job-resource.types.ts";

const EXPRESS_PRIORITY = 10;
const templateIds = new Set(templates.map((t) => t.id));

export function createGenerationsService(
  deps: JobResourceDeps & {
    /** a try-on backend is configured (clothing on human models) */
    tryOnAvailable?: boolean;
    /**
     * Fails a waitlisted generation before a worker takes it, refunding it; false when a worker
     * was first. generation-job.ts's `finalize`, wired in src/composition/pipeline.ts.
     */
    cancelWaitlisted: (id: string) => Promise<boolean>;
    /** a generation's run time on the GPU servers, measured per server */
    gpuRunSeconds?: GpuRunSeconds;
    /** share of its photos the GPU servers painted so far, while they paint them (decision 1100) */
    gpuPainted?: (generationId: string) => Promise<number | undefined>;
  },
) {
  const { db, config, clock, coins, queue, uploads, storage, tokens } = deps;

  async function owned(userId: string, id: string) {
    const g = await findOwned(db, userId, id);
    if (!g) throw notFound(GenerationMessages.generationNotFound);
    return g;
  }

  async function present(g: Awaited<ReturnType<typeof owned>>) {
    const [images, queueState] = await Promise.all([
      imagesOf(db, [g.id]),
      queueInfo(db, config, g, clock(), deps.gpuRunSeconds),
    ]);
    return presentGeneration(
      tokens,
      g,
      images,
      queueState,
      maintenanceState(config, clock()).notice,
    );
  }

  return {
    /** `requestId`: the HTTP request's id, carried in the job for its log lines */
    async submit(userId: string, body: GenerationRequest, requestId?: string) {
      const maintenance = refuseDuringMaintenance(config, clock());
      const prompt = (body.prompt ?? "").trim();
      if (!body.uploadId && prompt === "") {
        throw badRequest(Messages.noImageOrText, undefined, ErrorCodes.noImageOrText);
      }
      if (prompt && isPromptBlocked(prompt)) {
        throw badRequest(GenerationMessages.blockedPrompt, undefined, ErrorCodes.promptBlocked);
      }
      if (body.template !== undefined && !templateIds.has(body.template)) {
        throw badRequest(
          GenerationMessages.templateNotFound,
          `Unknown template "${body.template}"`,
        );
      }
      const { account, tier } = await submittingAccount(db, userId, clock());
      const referenceIds = body.referenceIds ?? [];
      checkReferenceLimit(tier, referenceIds.length);
      if (body.uploadId) {
        const upload = await uploads.get(userId, body.uploadId);
        if (upload.purpose !== "product") throw badRequest(GenerationMessages.notAProductPhoto);
        if (upload.cutoutStatus === "failed") {
          throw new HttpError(422, upload.cutoutError ?? "The product could not be cut out.");
        }
      }
      if (referenceIds.length) {
        const mine = new Set((await ownedUploads(db, userId, referenceIds)).map((r) => r.id));
        const missing = referenceIds.find((id) => !mine.has(id));
        if (missing) throw notFound(`${GenerationMessages.uploadNotFound}: ${missing}`);
      }
      const preset = body.clothing ? "web" : (body.preset ?? "web");
      const images = imageCount(tier, preset, body.count);
      let clothing: ClothingDecision | null = null;
      if (body.clothing) {
        clothing = await decideClothing(db, {
          accountId: userId,
          options: body.clothing,
          uploadId: body.uploadId,
          images,
          nowSec: Math.floor(clock() / 1000),
          tryOnAvailable: deps.tryOnAvailable ?? false,
        });
      }
      const productPrice = !clothing || clothing.productPrice;
      const cost = productPrice ? coinCost(tier, images) : 0;
      const id = randomUUID();
      const priority = isExpress(account.imageGenerated) ? EXPRESS_PRIORITY : 0;
      await queue.start();
      await db.transaction(async (tx) => {
        // First, before any row that references the account takes a share lock on it.
        if (tier === "basic" && productPrice) {
          await reserveAllowance(tx, userId, `gen:${id}`, images, clock());
        }
        if (clothing && clothing.trialImages > 0) {
          if (!(await reserveTrialDownloads(tx, userId, clothing.trialImages))) {
            throw new HttpError(
              402,
              ClothingMessages.trialDownloadsUsed,
              undefined,
              ErrorCodes.trialDownloadsUsed,
            );
          }
        }
        await insertGenerations(tx, [
          {
            id,
            accountId: userId,
            uploadId: body.uploadId ?? null,
            referenceIds,
            prompt,
            template: body.template ?? null,
            preset,
            imageCount: images,
            reserved: cost,
            priority,
            seed: seedOf(id),
            status: "waitlisted",
            delivered: 0,
            attempts: 0,
            app: clothing ? "clothing" : "product",
            clothing: clothing?.job ?? null,
            scenePath: body.scenePath ?? null,
            productKind: body.productKind ?? null,
          },
        ]);
        if (cost > 0) {
          await coins.spend(
            {
              accountId: userId,
              amount: cost,
              key: `gen:${id}:reserve`,
              reason: `generation ${id}`,
            },
            tx,
          );
        }
        await queue.send("generation.run", { generationId: id, requestId }, { id, priority }, tx);
      });
      deps.wake?.();
      const g = await owned(userId, id);
      const state = await queueInfo(db, config, g, clock(), deps.gpuRunSeconds);
      return {
        id,
        status: g.status,
        ...state,
        ...(maintenance.notice ? { notice: maintenance.notice } : {}),
        cost,
        eventsUrl: `/api/generations/${id}/events?token=${await tokens.sign(userId, `gen:${id}`)}`,
      };
    },

    async status(userId: string, id: string) {
      const g = await owned(userId, id);
      const notice = maintenanceState(config, clock()).notice;
      const painted = g.status === "generating" ? await deps.gpuPainted?.(g.id) : undefined;
      return {
        status: g.status,
        ...(await queueInfo(db, config, g, clock(), deps.gpuRunSeconds)),
        ...(painted !== undefined ? { painted } : {}),
        ...(notice ? { notice } : {}),
      };
    },

    async get(userId: string, id: string) {
      return present(await owned(userId, id));
    },

    async list(userId: string, page: number, pageSize: number, app?: "product" | "clothing") {
      const { items, total } = await listPage(db, userId, page, pageSize, app);
      const images = await imagesOf(
        db,
        items.map((g) => g.id),
      );
      const notice = maintenanceState(config, clock()).notice;
      const out = [];
      for (const g of items) {
        const queueState = await queueInfo(db, config, g, clock(), deps.gpuRunSeconds);
        const own = images.filter((i) => i.generationId === g.id);
        out.push(await presentGeneration(tokens, g, own, queueState, notice));
      }
      return { items: out, page, pageSize, total };
    },

    /** waitlisted ones are cancelled and refunded; running ones answer 409 */
    async remove(userId: string, id: string) {
      let g = await owned(userId, id);
      let refunded = 0;
      if (g.status === "waitlisted") {
        if (await deps.cancelWaitlisted(id)) refunded = g.reserved;
        g = await owned(userId, id);
      }
      if (g.status !== "done" && g.status !== "failed") {
        throw conflict(GenerationMessages.stillRunning);
      }
      const images = await imagesOf(db, [id]);
      await deleteGeneration(db, id);
      await Promise.all(images.map((i) => storage.delete(i.storageKey).catch(() => {})));
      return { success: true, refunded };
    },

    async image(userId: string, id: string, index: number) {
      await owned(userId, id);
      const row = (await imagesOf(db, [id])).find((i) => i.idx === index);
      const bytes = row ? await storage.get(row.storageKey) : null;
      if (!row || !bytes) throw notFound("Image not found");
      return { row, bytes };
    },

    async allImages(userId: string, id: string) {
      const g = await owned(userId, id);
      const rows = await imagesOf(db, [id]);
      const files = [];
      for (const row of rows) {
        const bytes = await storage.get(row.storageKey);
        if (bytes) files.push({ row, bytes });
      }
      return { generation: g, files };
    },
  };
}

export type GenerationsService = ReturnType<typeof createGenerationsService>;
