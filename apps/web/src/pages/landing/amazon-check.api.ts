// POST /api/tools/amazon-check with the photo itself as the body (its own Content-Type).
import type { AmazonCheckResponse } from "@studio/contracts";
import { request } from "../../api/request.ts";

export const CheckableTypes = ["image/jpeg", "image/png", "image/gif", "image/tiff", "image/webp"];
export const CheckMaxBytes = 20 * 1024 * 1024;

/** Anonymous: the checker is usable by every visitor of the landing page, signed in or not. */
export function checkAmazonImage(file: File): Promise<AmazonCheckResponse> {
  return request<AmazonCheckResponse>("POST", "/api/tools/amazon-check", {
    file,
    token: null,
  });
}
