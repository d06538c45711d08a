// Pressing Generate (or Regenerate): the spec's guards in order, the submit, and what each
// refusal from the server opens. Coins are reserved at submit, so the top bar re-reads them
// right away and again when the generation finishes (refunds).
import type { Generation, GenerationRequest, PresetName, SubmitResponse } from "@studio/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { track } from "../../../analytics/analytics.ts";
import { useModal } from "../../../modals/use-modal.ts";
import { tierOf } from "../../../session/session-state.ts";
import { useSession } from "../../../session/use-session.ts";
import { studioApi } from "../../studio/api/studio-api.ts";
import { queryKeys } from "../../studio/hooks/use-studio-queries.ts";
import { refusalOf } from "../../studio/model/api-errors.ts";
import { coinCost, guardOf, imagesFor } from "../../studio/model/generate-rules.ts";

export function useGenerate(
  follow: (res: SubmitResponse, count: number, preset: PresetName) => void,
) {
  const { t } = useTranslation("product-app");
  const { session, refresh } = useSession();
  const modal = useModal();
  const client = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tier = tierOf(session.paymentType, session.valid);

  const costOf = useCallback(
    (preset: PresetName) => {
      const images = imagesFor(tier, preset);
      return { images, coins: coinCost(tier, images) };
    },
    [tier],
  );

  const submit = useCallback(
    async (req: GenerationRequest & { preset: PresetName }) => {
      const { images, coins } = costOf(req.preset);
      const guard = guardOf({
        loggedIn: session.loggedIn,
        hasImage: Boolean(req.uploadId),
        prompt: req.prompt ?? "",
        credits: session.credits,
        cost: coins,
      });
      setError(null);
      if (guard === "login") {
        track("blocked no login", { action: "generate" });
        return modal.open("login", { mode: "signup" });
      }
      if (guard === "no-image-or-text") return modal.open("no-image-or-text");
      if (guard === "payment-required") {
        setError(t("generate.notEnough"));
        return modal.open("payment-required");
      }
      setSubmitting(true);
      try {
        const res = await studioApi.submit(req);
        follow(res, images, req.preset);
        void client.invalidateQueries({ queryKey: queryKeys.historyAll });
        void refresh();
      } catch (err) {
        const r = refusalOf(err, t);
        if (r.kind === "login") modal.open("login", { mode: "login" });
        else if (r.kind === "payment-required") {
          setError(t("generate.notEnough"));
          modal.open("payment-required");
          void refresh();
        } else if (r.kind === "no-image-or-text") modal.open("no-image-or-text");
        else {
          setError(r.text);
          if (r.kind === "reference-limit" && tier === "free") modal.open("reference-limit");
          if (r.kind === "maintenance")
            void client.invalidateQueries({ queryKey: queryKeys.maintenance });
        }
      } finally {
        setSubmitting(false);
      }
    },
    [client, costOf, follow, modal, refresh, session.credits, session.loggedIn, t, tier],
  );

  /** the same inputs again: photo, references, prompt, template and preset */
  const regenerate = useCallback(
    (g: Generation) =>
      submit({
        ...(g.uploadId ? { uploadId: g.uploadId } : {}),
        ...(g.referenceIds.length ? { referenceIds: g.referenceIds } : {}),
        ...(g.prompt ? { prompt: g.prompt } : {}),
        ...(g.template ? { template: g.template } : {}),
        preset: g.preset,
      }),
    [submit],
  );

  return { submit, regenerate, submitting, error, setError, costOf, tier };
}
