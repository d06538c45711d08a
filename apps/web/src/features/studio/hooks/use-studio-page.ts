// Page-wide behaviour both studios share: an image pasted anywhere becomes the photo, and a
// change of account leaves nothing of the previous one on screen.
import { useEffect, useRef } from "react";
import { firstImage } from "../model/upload-rules.ts";

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
