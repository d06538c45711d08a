// Pressing Generate in the Clothing app: the same guards and submit as the Product app, and
// the Fashion refusals: 402 without the plan (human models) or with the trial's downloads used
// opens the clothing pricing table; 503 says models need a backend.
import type { GenerationRequest, SubmitResponse } from "@studio/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { track } from "../../../analytics/analytics.ts";
import { ApiError } from "../../../api/api-client.ts";
import { useModal } from "../../../modals/use-modal.ts";
import { useSession } from "../../../session/use-session.ts";
import { studioApi } from "../../studio/api/studio-api.ts";
import { queryKeys } from "../../studio/hooks/use-studio-queries.ts";
import { refusalOf } from "../../studio/model/api-errors.ts";

export function useClothingGenerate(follow: (res: SubmitResponse, count: number) => void) {
  const { t } = useTranslation("clothing-app");
  const { session, refresh } = useSession();
  const modal = useModal();
  const client = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = useCallback(
    async (
      req: GenerationRequest & { clothing: NonNullable<GenerationRequest["clothing"]> },
      images: number,
      coins: number,
    ) => {
      setError(null);
      if (!session.loggedIn) {
        track("blocked no login", { action: "clothing-generate" });
        return modal.open("login", { mode: "signup" });
      }
      if (!req.uploadId) return modal.open("no-image-or-text");
      if (coins > session.credits) {
        setError(t("product-app:generate.notEnough"));
        return modal.open("payment-required");
      }
      setSubmitting(true);
      try {
        const res = await studioApi.submit(req);
        follow(res, images);
        void client.invalidateQueries({ queryKey: queryKeys.historyAll });
        void client.invalidateQueries({ queryKey: ["clothing", "entitlement"] });
        void refresh();
      } catch (err) {
        if (err instanceof ApiError && err.status === 402 && req.clothing.style === "model") {
          setError(err.error || t("generate.fashionNeeded"));
          modal.open("pricing", { table: "clothing" });
        } else if (err instanceof ApiError && err.status === 402 && err.error.includes("trial")) {
          setError(err.error);
          modal.open("pricing", { table: "clothing" });
        } else {
          const r = refusalOf(err, t);
          if (r.kind === "login") modal.open("login", { mode: "login" });
          else if (r.kind === "payment-required") {
            setError(t("product-app:generate.notEnough"));
            modal.open("payment-required");
          } else if (r.kind === "no-image-or-text") modal.open("no-image-or-text");
          else setError("text" in r ? r.text : null);
        }
      } finally {
        setSubmitting(false);
      }
    },
    [client, follow, modal, refresh, session.credits, session.loggedIn, t],
  );

  return { submit, submitting, error };
}
