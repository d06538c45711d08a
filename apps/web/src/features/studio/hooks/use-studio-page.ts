// What both studios (Product, Clothing) hold alike, page-wide: the seller's photo (an image
// pasted anywhere becomes it), the reference images within the plan's limit, the generation
// followed live (coins and history refreshed when it ends), and why Generate is disabled now; a
// change of account leaves nothing of the previous one on screen.
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { useModal } from "../../../modals/use-modal.ts";
import { tierOf } from "../../../session/session-state.ts";
import { useSession } from "../../../session/use-session.ts";
import { disabledReason, referenceLimit } from "../model/generate-rules.ts";
import { finished } from "../model/generation-status.ts";
import { firstImage } from "../model/upload-rules.ts";
import { useLiveGeneration } from "./use-live-generation.ts";
import { usePhotoUpload } from "./use-photo-upload.ts";
import { useReferences } from "./use-references.ts";
import { queryKeys, useMaintenance } from "./use-studio-queries.ts";

export function useStudioPage(
  opts: {
    /** a studio's own queries to refetch when a generation ends, beside coins and history */
    alsoRefetch?: QueryKey;
    /** a studio's own choices to forget when the account changes */
    onAccountChange?: () => void;
  } = {},
) {
  const { session, refresh } = useSession();
  const modal = useModal();
  const client = useQueryClient();
  const tier = tierOf(session.paymentType, session.valid);

  const needLogin = useCallback(() => modal.open("login", { mode: "signup" }), [modal]);
  const upload = usePhotoUpload(session.loggedIn, needLogin);
  const { alsoRefetch } = opts;
  const {
    live,
    follow,
    show,
    clear: clearLive,
  } = useLiveGeneration(() => {
    void refresh(); // refunds for photos that failed
    void client.invalidateQueries({ queryKey: queryKeys.historyAll });
    if (alsoRefetch) void client.invalidateQueries({ queryKey: alsoRefetch });
  });
  const limit = referenceLimit(tier);
  const onLimit = useCallback(() => {
    if (tier === "free") modal.open("reference-limit");
  }, [tier, modal]);
  const references = useReferences(limit, onLimit, needLogin);
  const maintenance = useMaintenance();

  // another account (logout, or a login elsewhere): nothing of the previous one stays on screen;
  // an anonymous visitor's waiting photo does stay through their login
  useAccountChange(session.userId, () => {
    clearLive();
    upload.clear();
    references.clear();
    opts.onAccountChange?.();
  });
  usePastedImage(upload.choose);

  /** why Generate cannot be pressed now (null: it can), given the submit's state and prompt */
  const disabled = (submitting: boolean, prompt: string) =>
    disabledReason({
      loggedIn: session.loggedIn,
      hasImage: upload.photo.phase !== "idle",
      prompt,
      uploading: upload.photo.phase === "uploading" || references.uploading,
      submitting,
      running: live !== null && !finished(live.status),
      maintenanceActive: maintenance.data?.active ?? false,
    });

  return { ...upload, tier, limit, references, live, follow, show, clearLive, disabled };
}

/** paste an image anywhere on the page; text still pastes into the prompt */
export function usePastedImage(choose: (file: File) => void): void {
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const file = firstImage(e.clipboardData?.items);
      if (!file) return;
      e.preventDefault();
      choose(file);
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, [choose]);
}

/**
 * Calls `forget` when the signed-in account changes (logout, or a login elsewhere); an
 * anonymous visitor's waiting photo does stay through their login ("" → an id).
 */
export function useAccountChange(userId: string, forget: () => void): void {
  const lastUser = useRef(userId);
  const latest = useRef(forget);
  latest.current = forget;
  useEffect(() => {
    const before = lastUser.current;
    lastUser.current = userId;
    if (before !== "" && before !== userId) latest.current();
  }, [userId]);
}
