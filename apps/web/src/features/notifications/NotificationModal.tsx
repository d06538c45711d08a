// The frame of a notification's modal (the meeting invite, the free coins, the surveys): titled
// and described by the notification's own strings (`<kind>.title`, `<kind>.text`), test id
// `<kind>-modal`, and closing it marks the notification received.
import type { NotificationKind } from "@studio/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../modals/Modal.tsx";
import { useCloseMarking } from "./use-close-marking.ts";

export function NotificationModal({
  kind,
  textValues,
  hero,
  children,
}: {
  kind: NotificationKind;
  /** interpolated into `<kind>.text` */
  textValues?: Record<string, unknown>;
  hero?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("notifications");
  const close = useCloseMarking(kind);
  return (
    <Modal
      onClose={close}
      title={t(`${kind}.title`)}
      description={t(`${kind}.text`, textValues)}
      testId={`${kind}-modal`}
      hero={hero}
    >
      {children}
    </Modal>
  );
}
