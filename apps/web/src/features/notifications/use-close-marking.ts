import type { NotificationKind } from "@studio/contracts";
import { useModal } from "../../modals/use-modal.ts";
import { useMarkReceived } from "./use-notifications.ts";

/** Closing these modals marks their notification received (decision 0301). */
export function useCloseMarking(kind: NotificationKind) {
  const modal = useModal();
  const mark = useMarkReceived();
  return () => {
    mark(kind);
    modal.close();
  };
}
