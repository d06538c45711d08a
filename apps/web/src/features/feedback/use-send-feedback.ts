// Sends feedback text as the spec's single combined string; refuses without a login or text.
import { useState } from "react";
import { track } from "../../analytics/analytics.ts";
import { ApiError, api } from "../../api/api-client.ts";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";

export type SendResult = "sent" | "empty" | "login" | { error: string };

export function useSendFeedback() {
  const { session } = useSession();
  const modal = useModal();
  const [busy, setBusy] = useState(false);

  const send = async (
    feedback: string,
    opts: { openLogin?: boolean } = {},
  ): Promise<SendResult> => {
    if (feedback.trim() === "") return "empty";
    if (!session.loggedIn) {
      track("blocked no login", { action: "feedback" });
      if (opts.openLogin) modal.open("login", { mode: "login" });
      return "login";
    }
    setBusy(true);
    try {
      await api.sendUserFeedback(session.userName, feedback.trim());
      return "sent";
    } catch (err) {
      return { error: err instanceof ApiError ? err.error : String(err) };
    } finally {
      setBusy(false);
    }
  };
  return { send, busy };
}
