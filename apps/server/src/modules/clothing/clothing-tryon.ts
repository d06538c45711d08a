// Clothing on human models: the try-on backend the configuration names (none by default),
// called from the generation job on the main thread (it is network waiting, not CPU). The kept
// model's first try-on becomes its reference photo, so every later garment is tried on the same
// person.
import {
  asGarment,
  type Cutout,
  createTryOnBackend,
  EngineError,
  type GeneratedImage,
  type ModelIdentity,
  type TryOnBackend,
  tryOnCategory,
} from "@studio/engine";
import { and, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import type { TryOnSettings } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { GenerationRow } from "../generations/generations.repository.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import { clothingModels } from "./clothing.tables.ts";

export interface TryOnRunner {
  readonly available: boolean;
  run(
    g: GenerationRow,
    cut: Cutout,
    maxSide: number | undefined,
  ): Promise<(GeneratedImage & { garmentKind: string })[]>;
}

export function createTryOnRunner(
  settings: TryOnSettings | undefined,
  deps: { db: Db; storage: ObjectStorage; backend?: TryOnBackend },
): TryOnRunner {
  const backend =
    deps.backend ??
    (settings
      ? createTryOnBackend(
          settings.kind === "comfyui"
            ? {
                kind: "comfyui",
                url: settings.url,
                workflow: settings.workflow,
                timeoutMs: settings.timeoutMs,
              }
            : {
                kind: "hosted",
                url: settings.url,
                apiKey: settings.apiKey,
                timeoutMs: settings.timeoutMs,
              },
        )
      : null);
  return {
    available: backend !== null,
    async run(g, cut, maxSide) {
      if (!backend) throw new EngineError("INVALID_ARGUMENT", "No try-on backend is configured.");
      const job = g.clothing!;
      const garment = asGarment(cut);
      const kind = job.kind ?? garment.kind;
      const category = tryOnCategory(kind as never);
      if (!category) {
        throw new EngineError(
          "INVALID_ARGUMENT",
          `A ${kind} is not worn by the models: choose a CPU style.`,
        );
      }
      // the identity: a kept model (its seed and reference photo) or this generation's choices
      let identity: ModelIdentity;
      let keptId: string | null = null;
      if (job.modelId) {
        const [row] = await deps.db
          .select()
          .from(clothingModels)
          .where(eq(clothingModels.id, job.modelId));
        if (!row) throw new EngineError("INVALID_ARGUMENT", "The saved model was deleted.");
        keptId = row.id;
        const reference = row.referenceKey
          ? ((await deps.storage.get(row.referenceKey)) ?? undefined)
          : undefined;
        identity = { id: row.id, choices: row.choices, seed: row.seed, reference };
      } else {
        identity = { id: g.id, choices: job.model!, seed: g.seed };
      }
      const { x, y, width, height } = garment.bbox;
      const png = await sharp(garment.rgba, {
        raw: { width: garment.width, height: garment.height, channels: 4 },
      })
        .extract({ left: x, top: y, width, height })
        .png()
        .toBuffer();
      const W = maxSide ? Math.min(768, maxSide) : 768;
      const H = Math.round((W * 4) / 3);
      const out: (GeneratedImage & { garmentKind: string })[] = [];
      for (let index = 0; index < g.imageCount; index++) {
        const t0 = performance.now();
        const answer = await backend.tryOn({
          garment: png,
          category,
          model: identity,
          prompt: g.prompt,
          seed: index,
          width: W,
          height: H,
        });
        const t1 = performance.now();
        let bytes: Buffer;
        let meta: sharp.OutputInfo;
        try {
          ({ data: bytes, info: meta } = await sharp(answer, { limitInputPixels: 40_000_000 })
            .rotate()
            .resize(W, H, { fit: "cover" })
            .jpeg({ quality: 90 })
            .toBuffer({ resolveWithObject: true }));
        } catch (err) {
          throw new EngineError(
            "BACKEND_FAILED",
            "The try-on backend returned no readable image.",
            { cause: err },
          );
        }
        if (keptId && !identity.reference) {
          // the first look of a kept model becomes the face and build of every later garment
          const key = `clothing-models/${keptId}.jpg`;
          await deps.storage.put(key, bytes, "image/jpeg");
          await deps.db
            .update(clothingModels)
            .set({ referenceKey: key })
            .where(and(eq(clothingModels.id, keptId), isNull(clothingModels.referenceKey)));
          identity = { ...identity, reference: bytes };
        }
        out.push({
          index,
          width: meta.width,
          height: meta.height,
          format: "jpeg",
          bytes,
          templateId: `model-${category}`,
          seed: g.seed,
          timings: { renderMs: t1 - t0, compositeMs: 0, encodeMs: performance.now() - t1 },
          garmentKind: kind,
        });
      }
      return out;
    },
  };
}
