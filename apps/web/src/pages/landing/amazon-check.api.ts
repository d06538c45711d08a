// POST /api/tools/amazon-check with the photo as the body (the JSON api-client does not send
// files). Anonymous: the checker is usable by every visitor of the landing page.
import type { AmazonCheckResponse } from "@studio/contracts";
import { ApiError } from "../../api/api-client.ts";

export const CheckableTypes = ["image/jpeg", "image/png", "image/gif", "image/tiff", "image/webp"];
export const CheckMaxBytes = 20 * 1024 * 1024;

export async function checkAmazonImage(file: File): Promise<AmazonCheckResponse> {
  const res = await fetch("/api/tools/amazon-check", {
    method: "POST",
    headers: { "Content-Type": file.type, Accept: "application/json" },
    body: file,
  });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    throw new ApiError(res.status, typeof data.error === "string" ? data.error : res.statusText);
  }
  return data as unknown as AmazonCheckResponse;
}
