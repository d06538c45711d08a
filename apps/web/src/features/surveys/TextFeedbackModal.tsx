// Shared body of the reference-feedback and testimonial modals: one text answer, sent only
// with text and a login; closing marks the notification received.
import type { NotificationKind } from "@studio/contracts";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../modals/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { inputClass } from "../auth/index.ts";
import { useSendFeedback } from "../feedback/index.ts";
import { useCloseMarking } from "../notifications/index.ts";

export function TextFeedbackModal({
  kind,
  subject,
  hero,
}: {
  kind: NotificationKind;
  /** English heading the support team reads before the answer */
  subject: string;
  hero?: ReactNode;
}) {
  const { t } = useTranslation("notifications");
  const close = useCloseMarking(kind);
  const { send, busy } = useSendFeedback();
  const [text, setText] = useState("");
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const result = text.trim() === "" ? "empty" : await send(`${subject}\n${text.trim()}`);
    if (result === "sent") setStatus({ ok: true, text: t("thanks") });
    else if (result === "empty") setStatus({ ok: false, text: t("needText") });
    else if (result === "login") setStatus({ ok: false, text: t("common:pleaseLogin") });
    else setStatus({ ok: false, text: result.error || t("sendFailed") });
  };

  return (
    <Modal
      onClose={close}
      title={t(`${kind}.title`)}
      description={t(`${kind}.text`)}
      hero={hero}
      testId={`${kind}-modal`}
    >
      {status?.ok ? (
        <>
          <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
            {status.text}
          </p>
          <Button className="mt-6 w-full" onClick={close}>
            {t("common:close")}
          </Button>
        </>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4">
          <label className="block text-sm font-medium text-slate-700">
            {t(`${kind}.label`)}
            <textarea
              rows={4}
              className={inputClass}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={4000}
              placeholder={t(`${kind}.placeholder`)}
            />
          </label>
          {status && (
            <p role="alert" className="text-sm text-rose-700">
              {status.text}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={busy}>
            {t("send")}
          </Button>
        </form>
      )}
    </Modal>
  );
}
