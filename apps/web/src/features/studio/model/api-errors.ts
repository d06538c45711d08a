// Maps the server's refusals onto what the page does: a dialog from the spec, or a message in
// the user's language (the server's English text is the fallback).
import { Messages } from "@studio/contracts";
import type { TFunction } from "i18next";
import { ApiError } from "../../../api/api-client.ts";
import { GenerationMessages } from "./server-constants.ts";

export type Refusal =
  | { kind: "login" }
  | { kind: "payment-required" }
  | { kind: "no-image-or-text" }
  | { kind: "reference-limit"; text: string }
  | { kind: "maintenance"; text: string }
  | { kind: "message"; text: string };

export function refusalOf(err: unknown, t: TFunction): Refusal {
  if (!(err instanceof ApiError)) return { kind: "message", text: t("product-app:errors.network") };
  const { status, error } = err;
  if (status === 0) return { kind: "message", text: t("product-app:errors.network") };
  if (status === 401) return { kind: "login" };
  if (status === 429) return { kind: "message", text: t("product-app:errors.tooFast") };
  if (status === 402 || error === Messages.notEnoughCredits) return { kind: "payment-required" };
  if (error === Messages.noImageOrText) return { kind: "no-image-or-text" };
  if (error === Messages.tooManyReferenceImages)
    return { kind: "reference-limit", text: t("product-app:references.tooMany") };
  if (status === 503 || error === GenerationMessages.maintenanceNow)
    return { kind: "maintenance", text: t("product-app:maintenance.active") };
  if (error === GenerationMessages.blockedPrompt)
    return { kind: "message", text: t("product-app:errors.blockedPrompt") };
  return { kind: "message", text: t("product-app:errors.generic", { error: error || status }) };
}
