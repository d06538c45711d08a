// Pressing Generate (or Regenerate) in either studio: the guards in one order (guardOf: what the
// visitor can give now, then the login, then the coins), the submit, and what each refusal from the
// server opens. Coins are reserved at submit, so the top bar re-reads them right away and again
// when the generation finishes (refunds). A studio adds only what is its own: refusals it
// handles first (the Clothing app's Fashion plan) and queries to refresh after a submit.
import type { GenerationRequest, SubmitResponse } from "@studio/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { track } from "../../../analytics/analytics.ts";
import { useModal } from "../../../modals/use-modal.ts";
import { tierOf } from "../../../session/session-state.ts";
import { useSession } from "../../../session/use-session.ts";
import { studioApi } from "../api/studio-api.ts";
import { refusalOf } from "../model/api-errors.ts";
import { guardOf } from "../model/generate-rules.ts";
import { queryKeys } from "./use-studio-queries.ts";

/** What a submit costs: the images it makes and the coins it reserves (0: none). */
export interface SubmitCost {
  images: number;
  coins: number;
}

export interface StudioSubmitOptions<R extends GenerationRequest> {
  /** the analytics `action` when a click is stopped for the login */
  action: string;
  /** a photo is needed: a prompt alone does not count as something to work with */
  photoRequired?: boolean;
  /** this studio's own refusals, tried first: the text to show, or null when not its own */
  ownRefusal?: (err: unknown, req: R) => string | null;
  /** called after the server accepted a submit (e.g. more queries to refresh) */
  onAccepted?: () => void;
}

export function useStudioSubmit<R extends GenerationRequest>(
  follow: (res: SubmitResponse, req: R, cost: SubmitCost) => void,
  options: StudioSubmitOptions<R>,
) {
  const { t } = useTranslation("product-app");
  const { session, refresh } = useSession();
  const modal = useModal();
  const client = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tier = tierOf(session.paymentType, session.valid);
  const { action, photoRequired = false, ownRefusal, onAccepted } = options;

  const submit = useCallback(
    async (req: R, cost: SubmitCost) => {
      const guard = guardOf({
        loggedIn: session.loggedIn,
        hasImage: Boolean(req.uploadId),
        prompt: req.prompt ?? "",
        credits: session.credits,
        cost: cost.coins,
        photoRequired,
      });
      setError(null);
      if (guard === "no-image-or-text") return modal.open("no-image-or-text");
      if (guard === "login") {
        track("blocked no login", { action });
        return modal.open("login", { mode: "signup" });
      }
      if (guard === "payment-required") {
        setError(t("generate.notEnough"));
        return modal.open("payment-required");
      }
      setSubmitting(true);
      try {
        const res = await studioApi.submit(req);
        follow(res, req, cost);
        void client.invalidateQueries({ queryKey: queryKeys.historyAll });
        onAccepted?.();
        void refresh();
      } catch (err) {
        const own = ownRefusal?.(err, req) ?? null;
        if (own !== null) {
          setError(own);
          return;
        }
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
    [
      action,
      client,
      follow,
      modal,
      onAccepted,
      ownRefusal,
      photoRequired,
      refresh,
      session.credits,
      session.loggedIn,
      t,
      tier,
    ],
  );

  return { submit, submitting, error, setError, tier };
}
