// Generation rows as the API shows them: owner-only media URLs carrying a media token.
import type { Generation, PresetName } from "@studio/contracts";
import type { MediaTokens } from "../storage/media-token.ts";
import { contentTypes } from "./generation-output.ts";
import type { QueueInfo } from "./generation-queue.ts";
import type { GenerationImageRow, GenerationRow } from "./generations.tables.ts";

export async function mediaBase(tokens: MediaTokens, g: GenerationRow) {
  const token = await tokens.sign(g.accountId, `gen:${g.id}`);
  return { base: `/api/generations/${g.id}`, token };
}

export async function presentGeneration(
  tokens: MediaTokens,
  g: GenerationRow,
  images: GenerationImageRow[],
  queue: QueueInfo,
  notice: string | null,
): Promise<Generation> {
  const { base, token } = await mediaBase(tokens, g);
  const finished = g.status === "done" || g.status === "failed";
  const kept = Math.min(g.delivered, g.imageCount);
  return {
    id: g.id,
    status: g.status,
    ...queue,
    ...(notice ? { notice } : {}),
    images: images.map((i) => ({
      id: `${g.id}-${i.idx}`,
      index: i.idx,
      url: `${base}/images/${i.idx}?token=${token}`,
      downloadUrl: `${base}/images/${i.idx}?token=${token}&download=1`,
      width: i.width,
      height: i.height,
      contentType: contentTypes[i.format as keyof typeof contentTypes] ?? "image/jpeg",
      madeBy: i.madeBy === "generated" ? ("generated" as const) : ("studio" as const),
    })),
    uploadId: g.uploadId,
    referenceIds: g.referenceIds,
    prompt: g.prompt,
    template: g.template,
    preset: g.preset as PresetName,
    count: g.imageCount,
    cost: g.reserved,
    refunded: finished ? Math.max(0, g.reserved - (g.reserved > 0 ? kept : 0)) : 0,
    ...(g.error ? { error: g.error } : {}),
    createdAt: g.createdAt.toISOString(),
    finishedAt: g.finishedAt ? g.finishedAt.toISOString() : null,
    eventsUrl: `${base}/events?token=${token}`,
    zipUrl: finished && images.length > 0 ? `${base}/zip?token=${token}` : null,
    ...(g.app === "clothing" && g.clothing
      ? {
          clothing: {
            style: g.clothing.style,
            kind: (g.clothing.kind as NonNullable<Generation["clothing"]>["kind"]) ?? null,
            modelId: g.clothing.modelId,
          },
        }
      : {}),
  };
}
