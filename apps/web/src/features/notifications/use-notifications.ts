import type { NotificationKind } from "@studio/contracts";
import { useCallback, useMemo } from "react";
import { api } from "../../api/api-client.ts";
import { useSession } from "../../session/use-session.ts";
import { deriveNotifications, FlagOf, hasUnread } from "./notifications.ts";

function browserLanguages(): readonly string[] {
  return typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
}

export function useNotifications() {
  const { session } = useSession();
  const list = useMemo(() => deriveNotifications(session, browserLanguages()), [session]);
  return { list, unread: hasUnread(list) };
}

/** Closing a notification's modal marks it received: at once on screen, then on the server. */
export function useMarkReceived() {
  const { session, patch, refresh } = useSession();
  const { loggedIn, userId } = session;
  return useCallback(
    (kind: NotificationKind) => {
      if (!loggedIn) return;
      patch({ [FlagOf[kind]]: true });
      api
        .notificationReceived(userId, kind)
        .then(() => refresh())
        .catch((err: unknown) => console.warn("notification-received failed", kind, err));
    },
    [loggedIn, userId, patch, refresh],
  );
}
