// An upload as the API answers it: signed media URLs, the cut-out's state.
import type { RecognisedProduct, UploadResponse } from "@studio/contracts";
import type { MediaTokens } from "../storage/media-token.ts";
import { isEditedCutout } from "./uploads.service.ts";
import type { UploadRow } from "./uploads.tables.ts";

export async function presentUpload(row: UploadRow, tokens: MediaTokens): Promise<UploadResponse> {
  const token = await tokens.sign(row.accountId, `upload:${row.id}`);
  const base = `/api/uploads/${row.id}`;
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    purpose: row.purpose,
    cutoutStatus: row.cutoutStatus,
    // a new URL after each edit or reset, so no cache keeps showing the old cut-out
    cutoutUrl:
      row.purpose === "product"
        ? `${base}/cutout?token=${token}${row.cutoutVersion ? `&v=${row.cutoutVersion}` : ""}`
        : null,
    ...(row.cutoutError ? { cutoutError: row.cutoutError } : {}),
    ...(row.purpose === "product" ? { cutoutEdited: isEditedCutout(row) } : {}),
    ...recognised(row.cutoutMeta),
    originalUrl: `${base}/original?token=${token}`,
  };
}

/** the kind recognised with the cut-out (engine's serializeCutout meta), when well formed */
function recognised(meta: unknown): { product?: RecognisedProduct } {
  const p = (meta as { product?: Record<string, unknown> } | null)?.product;
  if (!p || typeof p.kind !== "string" || typeof p.confidence !== "number") return {};
  const source = p.source === "shape" ? "shape" : "photo";
  return { product: { kind: p.kind, source, confidence: p.confidence } };
}
