// Maps the server's refusals onto what the page does: a dialog, or a message in the user's
// language (the server's English text is the fallback). Told apart by the HTTP status and the
// server's `code` (contracts' ErrorCodes), never by the text, which the server may reword.
import { ErrorCodes } from "@studio/contracts";
import type { TFunction } from "i18next";
import { ApiError } from "../../../api/request.ts";

export type Refusal =
  | { kind: "login" }
  | { kind: "payment-required" }
  | { kind: "no-image-or-text" }
  | { kind: "reference-limit"; text: string }
  | { kind: "maintenance"; text: string }
  | { kind: "message"; text: string };

export function refusalOf(err: unknown, t: TFunction): Refusal {
  if (!(err instanceof ApiError)) return { kind: "message", text: t("product-app:errors.network") };
  const { status, error, code } = err;
  if (status === 0) return { kind: "message", text: t("product-app:errors.network") };
  if (status === 401) return { kind: "login" };
  if (status === 429) return { kind: "message", text: t("product-app:errors.tooFast") };
  if (status === 402) return { kind: "payment-required" };
  if (status === 503) return { kind: "maintenance", text: t("product-app:maintenance.active") };
  if (code === ErrorCodes.noImageOrText) return { kind: "no-image-or-text" };
  if (code === ErrorCodes.tooManyReferenceImages)
    return { kind: "reference-limit", text: t("product-app:references.tooMany") };
  if (code === ErrorCodes.promptBlocked)
    return { kind: "message", text: t("product-app:errors.blockedPrompt") };
  return { kind: "message", text: t("product-app:errors.generic", { error: error || status }) };
}
