// A clothing generation's own checks and price, decided before anything is written (the rest
// — maintenance, prompt, references, queue, coins — is the Product app's, in
// generations.service.ts). Decision 0701:
//  - human models (style "model"): a try-on backend must be configured; clothAppValid (a
//    Fashion plan, or the trial with downloads left) else 402 and the clothing pricing table;
//    no coins.
//  - CPU styles: free of coins with clothAppValid (the trial counts its downloads); without it,
//    the Product app's price (coins per image, Basic's allowance, Pro free).
import {
  ClothingMessages,
  type ClothingOptions,
  ErrorCodes,
  type ModelChoices,
} from "@studio/contracts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { badRequest, HttpError, notFound } from "../../http/http-error.ts";
import type { ClothingJob } from "../generations/generations.types.ts";
import { clothingModels } from "./clothing.tables.ts";
import { clothingEntitlement } from "./clothing-entitlement.ts";

const NOT_WORN = new Set(["shoes", "bag", "accessory"]);

export interface ClothingDecision {
  job: ClothingJob;
  /** coins, when the Product app's price applies; null = free of coins */
  productPrice: boolean;
  /** images counted against the trial's downloads */
  trialImages: number;
}

export async function decideClothing(
  db: Db,
  input: {
    accountId: string;
    options: ClothingOptions;
    uploadId: string | undefined;
    images: number;
    nowSec: number;
    tryOnAvailable: boolean;
  },
): Promise<ClothingDecision> {
  const { options: o } = input;
  if (!input.uploadId) throw badRequest(ClothingMessages.garmentPhotoNeeded);
  const ent = await clothingEntitlement(db, input.accountId, input.nowSec);
  let model: ModelChoices | null = null;
  if (o.style === "model") {
    if (!input.tryOnAvailable) throw new HttpError(503, ClothingMessages.tryOnUnavailable);
    if (o.kind && NOT_WORN.has(o.kind)) throw badRequest(ClothingMessages.notWearable);
    if (o.modelId) {
      const [row] = await db
        .select({ id: clothingModels.id })
        .from(clothingModels)
        .where(
          and(eq(clothingModels.id, o.modelId), eq(clothingModels.accountId, input.accountId)),
        );
      if (!row) throw notFound(ClothingMessages.modelNotFound);
    } else if (o.model) {
      model = o.model;
    } else {
      throw badRequest(ClothingMessages.modelNeeded);
    }
    if (!ent.clothAppValid)
      throw new HttpError(
        402,
        ClothingMessages.clothingPlanRequired,
        undefined,
        ErrorCodes.clothingPlanRequired,
      );
  }
  if (ent.trial && (ent.trialDownloadsLeft ?? 0) < input.images) {
    throw new HttpError(
      402,
      ClothingMessages.trialDownloadsUsed,
      undefined,
      ErrorCodes.trialDownloadsUsed,
    );
  }
  const trialImages = ent.trial ? input.images : 0;
  return {
    job: {
      style: o.style,
      kind: o.kind ?? null,
      modelId: o.style === "model" ? (o.modelId ?? null) : null,
      model,
      trialImages,
    },
    productPrice: !ent.clothAppValid,
    trialImages,
  };
}
