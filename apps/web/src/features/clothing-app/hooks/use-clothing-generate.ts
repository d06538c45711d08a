// Pressing Generate in the Clothing app: the studios' shared submit (the same guards as the
// Product studio, refusals: studio/hooks/use-studio-submit.ts; a garment photo is required, a
// prompt alone is not enough) plus the Fashion refusals, told apart by the server's `code`:
// human models without the Fashion plan, or the trial's downloads used up, open the clothing
// pricing table. The entitlement is re-read after every submit (trial downloads).
import { ErrorCodes, type GenerationRequest, type SubmitResponse } from "@studio/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/request.ts";
import { useModal } from "../../../modals/use-modal.ts";
import { useStudioSubmit } from "../../studio/index.ts";

export type ClothingRequest = GenerationRequest & {
  clothing: NonNullable<GenerationRequest["clothing"]>;
};

export function useClothingGenerate(follow: (res: SubmitResponse, count: number) => void) {
  const { t } = useTranslation("clothing-app");
  const modal = useModal();
  const client = useQueryClient();

  const fashionRefusal = useCallback(
    (err: unknown): string | null => {
      if (!(err instanceof ApiError)) return null;
      const text =
        err.code === ErrorCodes.clothingPlanRequired
          ? t("generate.fashionNeeded")
          : err.code === ErrorCodes.trialDownloadsUsed
            ? t("generate.trialUsed")
            : null;
      if (text !== null) modal.open("pricing", { table: "clothing" });
      return text;
    },
    [modal, t],
  );

  const { submit, submitting, error } = useStudioSubmit<ClothingRequest>(
    useCallback((res, _req, cost) => follow(res, cost.images), [follow]),
    {
      action: "clothing-generate",
      photoRequired: true,
      ownRefusal: fashionRefusal,
      onAccepted: useCallback(
        () => void client.invalidateQueries({ queryKey: ["clothing", "entitlement"] }),
        [client],
      ),
    },
  );

  return {
    submit: (req: ClothingRequest, images: number, coins: number) => submit(req, { images, coins }),
    submitting,
    error,
  };
}
